/** Where the engine tests' sandbox listens: ENGINES_PORT (4330) for the app, the next port for the providers. */
export const APP_PORT = Number(process.env.ENGINES_PORT ?? 4330);
export const APP_ORIGIN = `http://localhost:${APP_PORT}`;
export const PROVIDERS_ORIGIN = `http://localhost:${APP_PORT + 1}`;
