import { can, type Grants, type Permission } from "./permissions";
import { config } from "../config";

// How long a session lives, from the environment (docs/configuration.md).
export const sessionPolicy = () => {
  const { idleMinutes, maxMinutes, stepUpMinutes } = config().auth;
  return { idleMinutes, maxMinutes, stepUpMinutes };
};

/** The permissions that make a role privileged: a second factor, and a second admin to give it. */
export const PRIVILEGED_PERMISSIONS = [
  "money.move",
  "charges.create",
  "vault.manage",
  "refunds.approve",
  "users.manage",
  "settings.manage",
] as const satisfies readonly Permission[];

/** Who must have a second factor: money, charges, stored cards (PCI DSS 8.4.2), approvals, users, credentials. */
export function requiresMfa(who: Grants, everyone = false): boolean {
  return everyone || PRIVILEGED_PERMISSIONS.some((p) => can(who, p));
}
