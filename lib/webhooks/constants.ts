// A webhook's verdicts, apply states and types: for the inbox's filters and its route's answer.
export const VERIFICATIONS = ["verified", "verified_previous", "verified_legacy", "rejected", "unverifiable"] as const;
// expired: signed outside the replay window (lib/webhooks/receive.ts), refused and kept.
export const APPLY_STATES = [
  "pending",
  "applied",
  "confirmed",
  "unchanged",
  "stale",
  "rejected",
  "unconfirmed",
  "expired",
] as const;
export const NOTIFICATION_TYPES = ["charge", "refund", "chargeback", "vault", "pay_by_link"] as const;
