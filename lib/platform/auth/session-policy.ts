import { can, type Role } from "./permissions";
import { config } from "../config";

// How long a session lives, from the environment (docs/configuration.md): 15 minutes without a
// request ends it, and so does its absolute lifetime, whatever the activity.
export const sessionPolicy = () => {
  const { idleMinutes, maxMinutes, stepUpMinutes } = config().auth;
  return { idleMinutes, maxMinutes, stepUpMinutes };
};

/**
 * Who must have a second factor: anyone who can move money, create charges, manage stored
 * cards (PCI DSS 4.0.1 8.4.2: access into the cardholder data environment), approve refunds or
 * change users or credentials; and everyone while the merchant's "required for everyone"
 * setting is on (`everyone`, the default for a new merchant).
 */
export function requiresMfa(role: Role, everyone = false): boolean {
  return (
    everyone ||
    (
      ["money.move", "charges.create", "vault.manage", "refunds.approve", "users.manage", "settings.manage"] as const
    ).some((p) => can(role, p))
  );
}
