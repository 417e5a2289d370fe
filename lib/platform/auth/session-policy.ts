import { can, type Grants, type Permission } from "./permissions";
import { config } from "../config";

// How long a session lives, from the environment (docs/configuration.md): 15 minutes without a
// request ends it, and so does its absolute lifetime, whatever the activity.
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

/**
 * Who must have a second factor: anyone who can move money, create charges, manage stored
 * cards (PCI DSS 4.0.1 8.4.2: access into the cardholder data environment), approve refunds or
 * change users or credentials; and everyone while the merchant's "required for everyone"
 * setting is on (`everyone`, the default for a new merchant).
 */
export function requiresMfa(who: Grants, everyone = false): boolean {
  return everyone || PRIVILEGED_PERMISSIONS.some((p) => can(who, p));
}
