// The kinds of difference a run records, and the ages the list filters by.

export const EXCEPTION_KINDS = [
  "unknown_refund",
  "unknown_chargeback",
  "provider_behind",
  "contradiction",
  "missing_at_provider",
  "applied",
] as const;
export type ExceptionKindName = (typeof EXCEPTION_KINDS)[number];

/** Seen first at least this long ago. */
export const AGES = { "1d": 1, "3d": 3, "7d": 7, "30d": 30 } as const;
export const AGE_KEYS = Object.keys(AGES) as (keyof typeof AGES)[];

/** Open (waiting for a person) or closed (resolved, or applied at once). */
export const STATES = ["open", "closed"] as const;
