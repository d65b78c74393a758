/**
 * One way to drive a page in each engine the smoke tests run in: Debian's Firefox ESR over WebDriver
 * BiDi (puppeteer-core) and WebKitGTK over classic WebDriver (WebKitWebDriver, selenium-webdriver).
 * The journeys are written once against `Driver`; only these adapters know the engines apart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type ElementHandle, type Frame, type Page } from 'puppeteer-core';
import { Builder, By, Capabilities, Key, until as selenium, type WebDriver, type WebElement } from 'selenium-webdriver';

const located = (locator: By) => selenium.elementLocated(locator);

export type EngineName = 'firefox' | 'webkit';

/** The binaries, from Debian's packages (firefox-esr, webkit2gtk-driver); overridable for other machines. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const WEBKIT_BROWSER = fileURLToPath(new URL('webkit-browser.py', import.meta.url));

/** The phone the Playwright tests emulate (playwright.config.ts): 390 × 844 CSS px. */
export const VIEWPORT = { width: 390, height: 844 } as const;

/** Every wait: room for a busy machine (two cores shared with other work). */
export const WAIT_MS = 10_000;

/** What went wrong while the page loaded, as the init script (LOAD_RECORDER) saw it. */
declare global {
  interface Window {
    __loadErrors?: string[];
  }
}

/**
 * Runs before the page's own scripts in every document of the top frame: records resources that fail
 * to load (an `error` event on a <script>, <link> or <img>, which does not bubble, so it is caught on
 * the way down), uncaught errors and unhandled rejections.
 */
export const LOAD_RECORDER = `(() => {
  const errors = [];
  Object.defineProperty(window, '__loadErrors', { value: errors });
  addEventListener('error', (event) => {
    const target = event.target;
    if (target instanceof Element) {
      const url = target.getAttribute('src') || target.getAttribute('href') || '';
      const rel = target.getAttribute('rel');
      errors.push('error event on <' + target.localName + (rel ? ' rel=' + rel : '') + '> ' + url);
    } else {
      errors.push('uncaught error: ' + event.message);
    }
  }, true);
  addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + String(event.reason)));
})();`;

/** A page-side function: serialised and run in the page, so it may use only its arguments. */
export type PageFunction<A extends unknown[], R> = (...args: A) => R;

export interface Driver {
  readonly engine: EngineName;
  /** Loads a URL in the top frame and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Evaluates a JavaScript expression in the top frame; answers its (awaited) JSON value. */
  evaluate(expression: string): Promise<unknown>;
  /** Runs `fn` in the top frame with JSON arguments; answers its (awaited) JSON result. */
  run<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<Awaited<R>>;
  /** Clicks, as a visitor's tap, the element `find` answers in the top frame (it must answer one). */
  click<A extends unknown[]>(find: PageFunction<A, Element | null>, ...args: A): Promise<void>;
  /** Clicks that element `x` CSS px right of its left edge, at half its height. */
  clickAt<A extends unknown[]>(x: number, find: PageFunction<A, Element | null>, ...args: A): Promise<void>;
  /** Types text with the keyboard into whatever has focus. */
  type(text: string): Promise<void>;
  /** Presses one named key. */
  press(key: 'Tab' | 'Enter' | 'Backspace'): Promise<void>;
  /** A PNG of the viewport (one pixel a CSS px). */
  screenshot(): Promise<Buffer>;
  /**
   * Whether a time input moves on to its minutes by itself once two digits of the hour are typed
   * (Firefox does; WebKit waits for Tab).
   */
  readonly timeFieldAdvancesItself: boolean;
  /** Types into the (only) input of the iframe with this title, once it is editable. */
  typeInFrame(frameTitle: string, text: string): Promise<void>;
  /**
   * Problems the engine itself reported since the last `goto` beyond what the page sees (failed
   * requests, HTTP errors), where its protocol reports them.
   */
  networkErrors(): string[];
  close(): Promise<void>;
}

/** Reads `read` until `ok` accepts its answer; answers that. Fails after WAIT_MS, naming `what` and the last answer. */
export async function poll<T>(
  driver: Driver,
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean = Boolean,
): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let last: unknown;
  for (;;) {
    try {
      const value = await read();
      if (ok(value)) return value;
      last = JSON.stringify(value);
    } catch (error) {
      // A navigation can swap the document mid-call; read again until the deadline.
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${driver.engine}: waited ${WAIT_MS} ms for ${what}; last answer: ${String(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs `fn` in the page until it answers something truthy; answers that (an element answers `true`:
 * elements do not cross to Node.js the same way in both protocols).
 */
export async function until<A extends unknown[], R>(
  driver: Driver,
  what: string,
  fn: PageFunction<A, R>,
  ...args: A
): Promise<NonNullable<Awaited<R>> | true> {
  const source = `((value) => (value instanceof Element ? true : value))(${callSource(fn, args)})`;
  return (await poll(driver, what, () => driver.evaluate(source))) as NonNullable<Awaited<R>> | true;
}

/** Whether `find` answers an element now. */
export async function exists<A extends unknown[]>(
  driver: Driver,
  find: PageFunction<A, Element | null>,
  ...args: A
): Promise<boolean> {
  return (await driver.evaluate(`${callSource(find, args)} instanceof Element`)) === true;
}

/**
 * Taps what `find` answers once a visitor could: it is shown, not disabled (nor aria-disabled), and
 * has stopped moving (the drawer slides up) — its box the same over two animation frames.
 */
export async function tap<A extends unknown[]>(
  driver: Driver,
  what: string,
  find: PageFunction<A, Element | null>,
  ...args: A
): Promise<void> {
  await whenTappable(driver, what, find, args);
  await driver.click(find, ...args);
}

/** Waits until what `find` answers could be tapped (see `tap`). */
export async function whenTappable<A extends unknown[]>(
  driver: Driver,
  what: string,
  find: PageFunction<A, Element | null>,
  args: A,
): Promise<void> {
  const ready = `(async (element) => {
    if (!element || !element.isConnected || element.getClientRects().length === 0) return false;
    if (element.disabled || element.getAttribute('aria-disabled') === 'true') return false;
    const box = () => JSON.stringify(element.getBoundingClientRect());
    const before = box();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return box() === before;
  })(${callSource(find, args)})`;
  const deadline = Date.now() + WAIT_MS;
  while (!(await driver.evaluate(ready).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${driver.engine}: ${what} was not there to tap within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A call of `fn` with JSON arguments, as source text. */
export const callSource = (fn: (...args: never[]) => unknown, args: unknown[]) =>
  `(${fn.toString()})(...${JSON.stringify(args)})`;

// ---------------------------------------------------------------------------------------------
// Firefox ESR: WebDriver BiDi through puppeteer-core
// ---------------------------------------------------------------------------------------------

class FirefoxDriver implements Driver {
  readonly engine = 'firefox';
  readonly timeFieldAdvancesItself = true;
  private readonly failures: string[] = [];

  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
  ) {
    page.on('requestfailed', (request) => {
      // The browser's own favicon request, cut short when the test navigates on: not the page's.
      if (new URL(request.url()).pathname === '/favicon.ico') return;
      this.failures.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) this.failures.push(`HTTP ${response.status()}: ${response.url()}`);
    });
  }

  static async launch(): Promise<FirefoxDriver> {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      protocol: 'webDriverBiDi',
      executablePath: FIREFOX_PATH,
      headless: true,
      // Classic scrollbars take 12 px of the 390: overlay ones leave the page its whole width, as on a phone.
      extraPrefsFirefox: { 'ui.useOverlayScrollbars': 1 },
    });
    const page = await browser.newPage();
    await page.setViewport(VIEWPORT);
    await page.evaluateOnNewDocument(LOAD_RECORDER);
    return new FirefoxDriver(browser, page);
  }

  async goto(url: string): Promise<void> {
    this.failures.length = 0;
    await this.page.goto(url, { waitUntil: 'load', timeout: WAIT_MS });
  }

  evaluate(expression: string): Promise<unknown> {
    return this.page.evaluate(expression);
  }

  async run<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<Awaited<R>> {
    return (await this.evaluate(callSource(fn, args))) as Awaited<R>;
  }

  private async element<A extends unknown[]>(find: PageFunction<A, Element | null>, args: A) {
    const handle = await this.page.evaluateHandle(callSource(find, args));
    const element = handle.asElement() as ElementHandle | null;
    if (!element) throw new Error(`firefox: nothing to click for ${find.toString().slice(0, 80)}`);
    return element;
  }

  async click<A extends unknown[]>(find: PageFunction<A, Element | null>, ...args: A): Promise<void> {
    await (await this.element(find, args)).click();
  }

  async clickAt<A extends unknown[]>(x: number, find: PageFunction<A, Element | null>, ...args: A): Promise<void> {
    const element = await this.element(find, args);
    const box = await element.boundingBox();
    await element.click({ offset: { x, y: (box?.height ?? 0) / 2 } });
  }

  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  async press(key: 'Tab' | 'Enter' | 'Backspace'): Promise<void> {
    await this.page.keyboard.press(key);
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.page.screenshot());
  }

  async typeInFrame(frameTitle: string, text: string): Promise<void> {
    const frameElement = await this.page.waitForSelector(`iframe[title="${frameTitle}"]`, { timeout: WAIT_MS });
    const frame: Frame | null | undefined = await frameElement?.contentFrame();
    if (!frame) throw new Error(`firefox: no frame titled ${frameTitle}`);
    const input = await frame.waitForSelector('input:not([disabled]):not([readonly])', { timeout: WAIT_MS });
    if (!input) throw new Error(`firefox: no editable input in the frame titled ${frameTitle}`);
    await input.type(text);
  }

  networkErrors(): string[] {
    return [...this.failures];
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// WebKitGTK: classic WebDriver through WebKitWebDriver and selenium-webdriver
// ---------------------------------------------------------------------------------------------

/** A free port for WebKitWebDriver, chosen by the system (never one of the sandbox's). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

class WebKitDriver implements Driver {
  readonly engine = 'webkit';
  readonly timeFieldAdvancesItself = false;

  private constructor(
    private readonly driver: WebDriver,
    private readonly service: ChildProcess,
    private readonly scratch: string,
  ) {}

  static async launch(): Promise<WebKitDriver> {
    if (!process.env.DISPLAY) throw new Error('WebKitGTK needs an X display: run the suite under xvfb-run -a');
    const port = await freePort();
    const service = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + WAIT_MS;
    while (
      !(await fetch(`${url}/status`)
        .then((response) => response.ok)
        .catch(() => false))
    ) {
      if (service.exitCode !== null || Date.now() > deadline) {
        service.kill();
        throw new Error(`WebKitWebDriver did not answer at ${url}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const scratch = mkdtempSync(join(tmpdir(), 'engines-webkit-'));
    const initScript = join(scratch, 'load-recorder.js');
    writeFileSync(initScript, LOAD_RECORDER);
    const capabilities = new Capabilities({
      browserName: 'engine-browser',
      'webkitgtk:browserOptions': { binary: WEBKIT_BROWSER, args: ['--automation', `--init-script=${initScript}`] },
    });
    try {
      const driver = await new Builder().usingServer(url).withCapabilities(capabilities).build();
      await driver.manage().setTimeouts({ pageLoad: WAIT_MS, script: WAIT_MS });
      return new WebKitDriver(driver, service, scratch);
    } catch (error) {
      service.kill();
      rmSync(scratch, { recursive: true, force: true });
      throw error;
    }
  }

  async goto(url: string): Promise<void> {
    await this.driver.get(url);
  }

  evaluate(expression: string): Promise<unknown> {
    return this.driver.executeScript(`return ${expression}`);
  }

  async run<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<Awaited<R>> {
    return (await this.evaluate(callSource(fn, args))) as Awaited<R>;
  }

  private async element<A extends unknown[]>(find: PageFunction<A, Element | null>, args: A): Promise<WebElement> {
    const element = await this.driver.executeScript<WebElement | null>(`return ${callSource(find, args)}`);
    if (!element) throw new Error(`webkit: nothing to click for ${find.toString().slice(0, 80)}`);
    return element;
  }

  async click<A extends unknown[]>(find: PageFunction<A, Element | null>, ...args: A): Promise<void> {
    await (await this.element(find, args)).click();
  }

  async clickAt<A extends unknown[]>(x: number, find: PageFunction<A, Element | null>, ...args: A): Promise<void> {
    const element = await this.element(find, args);
    const { width } = await element.getRect();
    // WebDriver's pointer offsets count from the element's centre.
    await this.driver
      .actions()
      .move({ origin: element, x: Math.round(x - width / 2), y: 0 })
      .click()
      .perform();
  }

  async type(text: string): Promise<void> {
    await this.driver.actions().sendKeys(text).perform();
  }

  async press(key: 'Tab' | 'Enter' | 'Backspace'): Promise<void> {
    await this.driver.actions().sendKeys({ Tab: Key.TAB, Enter: Key.ENTER, Backspace: Key.BACK_SPACE }[key]).perform();
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.driver.takeScreenshot(), 'base64');
  }

  async typeInFrame(frameTitle: string, text: string): Promise<void> {
    const frame = await this.driver.wait(
      located(By.css(`iframe[title="${frameTitle}"]`)),
      WAIT_MS,
      `webkit: no frame titled ${frameTitle}`,
    );
    await this.driver.switchTo().frame(frame);
    try {
      const input = await this.driver.wait(
        located(By.css('input:not([disabled]):not([readonly])')),
        WAIT_MS,
        `webkit: no editable input in the frame titled ${frameTitle}`,
      );
      await this.driver.wait(selenium.elementIsVisible(input), WAIT_MS, `webkit: the ${frameTitle} field is hidden`);
      await input.click();
      await this.driver.actions().sendKeys(text).perform();
    } finally {
      await this.driver.switchTo().defaultContent();
    }
  }

  /** Classic WebDriver reports no network events: the page's own record (LOAD_RECORDER) is what there is. */
  networkErrors(): string[] {
    return [];
  }

  async close(): Promise<void> {
    try {
      await this.driver.quit();
    } finally {
      const exited = new Promise((resolve) => this.service.once('exit', resolve));
      if (this.service.kill()) await exited;
      rmSync(this.scratch, { recursive: true, force: true });
    }
  }
}

export const ENGINES: readonly EngineName[] = ['firefox', 'webkit'];

export function launch(engine: EngineName): Promise<Driver> {
  return engine === 'firefox' ? FirefoxDriver.launch() : WebKitDriver.launch();
}
