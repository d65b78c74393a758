// The wallet stand-ins' payment sheet: a modal dialog appended to document.body, with the
// total, the given action buttons and a Cancel button (Escape cancels too). Joined with
// google-pay.js or apple-pay.js into one script by sandbox/standins/scripts.ts.

const SHEET_STYLE = `
  .sbx-sheet-backdrop { position: fixed; inset: 0; z-index: 2147483647; display: flex; align-items: flex-end;
    justify-content: center; background: rgb(0 0 0 / 45%); font-family: system-ui, sans-serif; }
  .sbx-sheet { box-sizing: border-box; width: 100%; max-width: 28rem; padding: 1.25rem; border-radius: 16px 16px 0 0;
    background: #fff; color: #1a1a1a; }
  .sbx-sheet h2 { margin: 0 0 0.5rem; font-size: 1.1rem; }
  .sbx-sheet p { margin: 0.25rem 0; }
  .sbx-sheet button { margin: 0.75rem 0.5rem 0 0; padding: 0.6rem 1.1rem; font: inherit; font-weight: 600;
    border: 1px solid #1a1a1a; border-radius: 6px; background: #1a1a1a; color: #fff; cursor: pointer; }
  .sbx-sheet button:disabled { opacity: 0.5; cursor: progress; }
  .sbx-sheet :focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
`;

function installSheetStyle() {
  if (document.getElementById('sbx-sheet-style')) return;
  const style = document.createElement('style');
  style.id = 'sbx-sheet-style';
  style.textContent = SHEET_STYLE;
  document.head.append(style);
}

function textElement(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

/**
 * @param {{label: string, total: string, actions: {label: string, onClick: () => void}[], onCancel: () => void}} options
 * @returns {{setEnabled(enabled: boolean): void, setStatus(text: string): void, close(): void}}
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the wallet script it is joined with
function openSheet({ label, total, actions, onCancel }) {
  installSheetStyle();
  const returnFocusTo = document.activeElement;
  const backdrop = document.createElement('div');
  backdrop.className = 'sbx-sheet-backdrop';
  const sheet = document.createElement('div');
  sheet.className = 'sbx-sheet';
  sheet.setAttribute('role', 'dialog');
  sheet.setAttribute('aria-modal', 'true');
  sheet.setAttribute('aria-label', label);
  sheet.tabIndex = -1;

  const status = textElement('p', '');
  status.setAttribute('role', 'status');
  const buttons = [...actions, { label: 'Cancel', onClick: onCancel }].map((action) => {
    const button = textElement('button', action.label);
    button.type = 'button';
    button.addEventListener('click', action.onClick);
    return button;
  });
  sheet.append(textElement('h2', label), textElement('p', total), status, ...buttons);
  backdrop.append(sheet);
  document.body.append(backdrop);

  // Keyboard: Escape cancels; Tab stays inside the sheet.
  sheet.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') onCancel();
    if (event.key !== 'Tab') return;
    const enabled = buttons.filter((button) => !button.disabled);
    const [first, last] = [enabled[0], enabled[enabled.length - 1]];
    if (!first || !last) return event.preventDefault();
    const [from, wrapTo] = event.shiftKey ? [first, last] : [last, first];
    if (document.activeElement === from) {
      event.preventDefault();
      wrapTo.focus();
    }
  });
  buttons[0].focus();

  return {
    setEnabled(enabled) {
      for (const button of buttons) button.disabled = !enabled;
      (enabled ? buttons[0] : sheet).focus();
    },
    setStatus(text) {
      status.textContent = text;
    },
    close() {
      backdrop.remove();
      if (returnFocusTo instanceof HTMLElement) returnFocusTo.focus();
    },
  };
}
