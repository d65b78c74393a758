/** Build-time settings (see .env and .env.sandbox). */
export const API_BASE_URL = import.meta.env.VITE_API_BASE_URL;
export const DEFAULT_SUPPORT_PHONE = import.meta.env.VITE_DEFAULT_SUPPORT_PHONE;
