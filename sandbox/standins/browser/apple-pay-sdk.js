// Stand-in for Apple's Apple Pay JS SDK (applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js): the
// <apple-pay-button buttonstyle type locale> element. Apple: "Displaying Apple Pay Buttons Using
// JavaScript" and the ApplePayButton, ApplePayButtonStyle, ApplePayButtonType, ApplePayButtonLocale
// references (developer.apple.com/documentation/applepayontheweb). Its size, corners and padding
// come from the CSS custom properties --apple-pay-button-width, -height, -border-radius, -padding and
// -box-sizing. Apple's button starts nothing itself: the page's click handler creates the session.

const STYLES = {
  black: ['#000', '#fff', '#000'],
  white: ['#fff', '#000', '#fff'],
  'white-outline': ['#fff', '#000', '#000'],
};

/** The Apple logo in the button's ink (drawn here after Apple's guidelines, not Apple's own file). */
const APPLE_LOGO =
  '<svg viewBox="-1 0 15 17" width="0.9em" height="1em" fill="currentColor"><path d="M10.2 0c.1 1-.3 2-1 2.7-.6.7-1.6 1.3-2.5 1.2-.1-1 .4-2 1-2.6.6-.7 1.6-1.2 2.5-1.3z' +
  'M13.4 12.3c-.4.9-.6 1.3-1.1 2.1-.7 1.1-1.7 2.4-2.9 2.4-1.1 0-1.4-.7-2.8-.7-1.5 0-1.8.7-2.9.7-1.2 0-2.1-1.2-2.8-2.3C-.8 11.7-1 8.3.2 6.4c.9-1.3 2.3-2.2 3.7-2.2 1.4 0 2.2.7 3.3.7 1.1 0 1.8-.7 3.3-.7 1.2 0 2.4.6 3.2 1.7-2.8 1.6-2.4 5.8.3 6.4z"/></svg>';

/** The caption drawn before the Apple Pay mark, per ApplePayButtonLocale (Apple lists "ll-CC" values only). */
const CAPTIONS = {
  'en-US': { buy: 'Buy with', pay: 'Pay with', 'check-out': 'Check out with', donate: 'Donate with', plain: '' },
  'he-IL': { buy: 'קנייה עם', pay: 'תשלום עם', 'check-out': 'מעבר לתשלום עם', donate: 'תרומה עם', plain: '' },
  'fr-FR': {
    buy: 'Acheter avec',
    pay: 'Payer avec',
    'check-out': 'Régler avec',
    donate: 'Faire un don avec',
    plain: '',
  },
  'es-ES': { buy: 'Comprar con', pay: 'Pagar con', 'check-out': 'Finalizar con', donate: 'Donar con', plain: '' },
};

/**
 * The accessible name. Safari draws the button with the -apple-pay-button appearance and names it
 * as WebKit does (AccessibilityObject::applePayButtonDescription: "Buy with Apple Pay", "Pay with
 * Apple Pay", plain "Apple Pay") in the browser's language, not the locale attribute's: English here.
 */
const buttonName = (type) => (type === 'plain' ? 'Apple Pay' : `${CAPTIONS['en-US'][type]} Apple Pay`);

const BUTTON_CSS = `
  :host { display: inline-block; width: var(--apple-pay-button-width, 140px); height: var(--apple-pay-button-height, 30px);
    box-sizing: var(--apple-pay-button-box-sizing, border-box); }
  div { box-sizing: var(--apple-pay-button-box-sizing, border-box); display: flex; align-items: center;
    justify-content: center; gap: 0.3em; width: 100%; height: 100%; padding: var(--apple-pay-button-padding, 0);
    border-radius: var(--apple-pay-button-border-radius, 4px); border: 1px solid var(--border);
    background: var(--background); color: var(--ink); font: 500 16px -apple-system, system-ui, sans-serif;
    cursor: pointer; user-select: none; }
  div:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
`;

class ApplePayButton extends HTMLElement {
  static get observedAttributes() {
    return ['buttonstyle', 'type', 'locale'];
  }

  #button;

  constructor() {
    super();
    const shadow = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = BUTTON_CSS;
    this.#button = document.createElement('div');
    this.#button.setAttribute('role', 'button');
    this.#button.tabIndex = 0;
    // A div with role=button: Enter and Space activate it as they would a <button>.
    this.#button.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      this.#button.click();
    });
    shadow.append(style, this.#button);
  }

  connectedCallback() {
    this.#render();
  }

  attributeChangedCallback() {
    this.#render();
  }

  #render() {
    const type = this.getAttribute('type') in CAPTIONS['en-US'] ? this.getAttribute('type') : 'plain';
    // An unknown locale is the browser's own language and region (ApplePayButtonLocale's default).
    const locale = [this.getAttribute('locale'), navigator.language].find((code) => code in CAPTIONS) || 'en-US';
    const [background, ink, border] = STYLES[this.getAttribute('buttonstyle')] || STYLES.black;
    this.#button.style.cssText = `--background: ${background}; --ink: ${ink}; --border: ${border};`;
    this.#button.setAttribute('aria-label', buttonName(type));
    this.#button.lang = locale;
    const caption = document.createElement('span');
    caption.setAttribute('aria-hidden', 'true');
    caption.textContent = CAPTIONS[locale][type];
    // Apple's button draws the Apple logo and "Pay", never the words "Apple Pay".
    const mark = document.createElement('span');
    mark.setAttribute('aria-hidden', 'true');
    mark.dir = 'ltr';
    mark.style.cssText = 'display: inline-flex; align-items: center; gap: 0.1em; white-space: nowrap;';
    mark.innerHTML = `${APPLE_LOGO}<span>Pay</span>`;
    this.#button.replaceChildren(caption, mark);
  }
}

if (!customElements.get('apple-pay-button')) customElements.define('apple-pay-button', ApplePayButton);
