/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The operator's API host; empty means this page's own origin (the sandbox). */
  readonly VITE_API_BASE_URL: string;
  readonly VITE_DEFAULT_SUPPORT_PHONE: string;
}
