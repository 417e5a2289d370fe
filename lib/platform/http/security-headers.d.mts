export type HeaderEntry = { key: string; value: string };
export function contentSecurityPolicy(nonce: string | undefined, options?: { development?: boolean }): string;
export function securityHeaders(publicUrl: string | undefined, options?: { csp?: boolean }): HeaderEntry[];
export const NO_STORE: HeaderEntry;
export const ATTACHMENT_CSP: string;
export const ATTACHMENT_SOURCES: string[];
