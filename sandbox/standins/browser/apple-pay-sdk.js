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

/**
 * The Apple logo and "Pay" in the button's ink, as Apple draws them: the glyphs of Apple's Apple Pay mark
 * (Apple_Pay_Mark_RGB_041619.svg, src/assets/marks/README.md), moved to the origin, scaled ×0.4 and rounded.
 */
const APPLE_PAY_MARK =
  '<svg viewBox="0 0 47.2 20.6" width="2.6em" height="1.14em" fill="currentColor" aria-hidden="true" focusable="false">' +
  '<path d="M8.95 2.66C9.52 1.95 9.91 1 9.8.02 8.97.06 7.96.57 7.38 1.28c-.53.61-1 1.6-.88 2.53.94.08' +
  ' 1.87-.46 2.45-1.15M9.79 3.99c-1.35-.08-2.5.77-3.15.77-.64 0-1.63-.73-2.7-.71-1.39.02-2.69.81-3.39' +
  ' 2.06-1.46 2.51-.39 6.23 1.03 8.27.68 1.01 1.51 2.12 2.6 2.08 1.03-.04 1.43-.67 2.69-.67 1.25 0' +
  ' 1.61.67 2.7.65 1.13-.02 1.84-1.01 2.53-2.02.78-1.15 1.11-2.27 1.13-2.33-.02-.02-2.18-.85-2.2-3.33' +
  '-.02-2.08 1.69-3.07 1.77-3.13-.97-1.43-2.48-1.6-3.01-1.64M21.57 1.18c2.94 0 4.99 2.02 4.99 4.98 0' +
  ' 2.96-2.09 4.99-5.06 4.99H18.24v5.18H15.89V1.18h5.68zm-3.33 8h2.7c2.05 0 3.22-1.1 3.22-3.01 0-1.92' +
  '-1.17-3.01-3.21-3.01H18.24V9.18zM27.18 13.19c0-1.93 1.48-3.12 4.1-3.26l3.03-.18V8.9c0-1.23-.83-1.97' +
  '-2.22-1.97-1.31 0-2.13.63-2.33 1.62H27.62c.12-2 1.82-3.47 4.55-3.47 2.68 0 4.39 1.42 4.39 3.64v7.61' +
  'H34.39V14.51h-.05c-.64 1.23-2.04 2.01-3.49 2.01-2.16 0-3.67-1.34-3.67-3.33zm7.13-1v-.87l-2.72.17c' +
  '-1.36.09-2.12.69-2.12 1.64 0 .96.79 1.59 2.01 1.59 1.59 0 2.83-1.09 2.83-2.53zM38.62 20.4V18.56' +
  'c.16.04.54.04.73.04 1.05 0 1.62-.44 1.97-1.58 0-.02.19-.67.19-.68L37.52 5.28h2.46l2.8 8.99h.04l2.79' +
  '-8.99H48L43.87 16.91c-.95 2.68-2.04 3.54-4.33 3.54-.19 0-.76-.02-.92-.05z"/>' +
  '</svg>';

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
    // Apple's button draws the Apple logo and "Pay" (APPLE_PAY_MARK), never the words "Apple Pay".
    const mark = document.createElement('span');
    mark.setAttribute('aria-hidden', 'true');
    mark.dir = 'ltr';
    mark.style.cssText = 'display: inline-flex; align-items: center;';
    mark.innerHTML = APPLE_PAY_MARK;
    this.#button.replaceChildren(caption, mark);
  }
}

if (!customElements.get('apple-pay-button')) customElements.define('apple-pay-button', ApplePayButton);
