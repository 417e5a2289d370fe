// The four preset roles every console has, apart from the permission table (./permissions.ts
// re-exports them) so that the browser's role filter needs no permission table.
export const ROLES = ["admin", "finance", "ops", "manager"] as const;
/** A preset role: the four every console has, and the teams notifications and chat channels address. */
export type Role = (typeof ROLES)[number];
export const isPreset = (key: string): key is Role => (ROLES as readonly string[]).includes(key);
/** The fixed role that may do nothing: where a provisioned person waits for a group (lib/scim). */
export const NO_ACCESS = "no-access";
