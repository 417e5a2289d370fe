import { can, type Role } from "./permissions";
import { config } from "../config";

// How long a session lives, from the environment (see README): 15 minutes without a
// request ends it, and so does its absolute lifetime, whatever the activity.
export const sessionPolicy = () => {
  const { idleMinutes, maxMinutes, stepUpMinutes } = config().auth;
  return { idleMinutes, maxMinutes, stepUpMinutes };
};

/** Who must have a second factor: anyone who can approve refunds or change users or credentials. */
export function requiresMfa(role: Role): boolean {
  return can(role, "refunds.approve") || can(role, "users.manage") || can(role, "settings.manage");
}
