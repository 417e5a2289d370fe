// Single sign-on's three modes, apart from sso-gate.ts (which reads the database) so that the
// browser's forms can name them.
export const SSO_MODES = ["off", "optional", "required"] as const;
export type SsoMode = (typeof SSO_MODES)[number];
