/**
 * Shared fixtures for the browser tests: the visitor's language, the splash cookie, the locale
 * texts (so every name is the one a screen reader hears) and the sandbox catalogue's figures.
 * Each concern is in fixtures/; this module re-exports them all.
 */
export * from './fixtures/texts';
export * from './fixtures/catalogue';
export * from './fixtures/test';
export * from './fixtures/page';
export * from './fixtures/charges';
export * from './fixtures/methods';
export * from './fixtures/cards';
export * from './fixtures/outcomes';
export * from './fixtures/taps';
export * from './fixtures/reload';
export * from './fixtures/calls';
