// The four preset roles every console has.
export const ROLES = ["admin", "finance", "ops", "manager"] as const;
/** A preset role: the four every console has, and the teams notifications and chat channels address. */
export type Role = (typeof ROLES)[number];
export const isPreset = (key: string): key is Role => (ROLES as readonly string[]).includes(key);
/** The fixed role that may do nothing: where a provisioned person waits for a group (lib/scim). */
export const NO_ACCESS = "no-access";
