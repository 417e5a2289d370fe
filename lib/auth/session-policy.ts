import { can, type Role } from "./permissions";

// How long a session lives, from the environment (see README): 15 minutes without a
// request ends it, and so does its absolute lifetime, whatever the activity.
function minutes(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of minutes, got "${raw}"`);
  return value;
}

export const sessionPolicy = () => ({
  idleMinutes: minutes("SESSION_IDLE_MINUTES", 15),
  maxMinutes: minutes("SESSION_MAX_MINUTES", 12 * 60),
  stepUpMinutes: minutes("STEP_UP_MINUTES", 5),
});

/** Who must have a second factor: anyone who can approve refunds or change users or credentials. */
export function requiresMfa(role: Role): boolean {
  return can(role, "refunds.approve") || can(role, "users.manage") || can(role, "settings.manage");
}
