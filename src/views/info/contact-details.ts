/**
 * The company behind the service, shown on /contact and in the accessibility statement. The
 * specification names no company, address or site: these `.example` values must be filled in for a
 * real deployment (the technician phone is the build setting VITE_DEFAULT_SUPPORT_PHONE).
 */
export const COMPANY_NAME = 'PayPoint Ltd.';
export const SUPPORT_EMAIL = 'support@paypoint.example';
export const WEBSITE_URL = 'https://www.paypoint.example/';

/** When the accessibility statement was last reviewed (ISO date). */
export const ACCESSIBILITY_STATEMENT_DATE = '2026-11-22';
