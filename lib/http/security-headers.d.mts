export type HeaderEntry = { key: string; value: string };
export function securityHeaders(publicUrl: string | undefined): HeaderEntry[];
export const NO_STORE: HeaderEntry;
