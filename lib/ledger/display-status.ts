// What a person should read for a ledger row's status. The payment service calls a charge
// "succeeded" whether all, part or none of it is still kept; the row's own totals
// (amount_captured, amount_refunded) say which. Plain code, no server imports: the status
// badge, the lists and the CSV export all use it.

export type StatusAmounts = {
  type: string;
  status: string;
  amount: number;
  amountCaptured: number | null;
  amountRefunded: number | null;
};

export const DERIVED_STATUSES = ["partially_captured", "partially_refunded", "refunded"] as const;
export type DerivedStatus = (typeof DERIVED_STATUSES)[number];

/**
 * A charge's status with its captured and refunded totals taken into account:
 * "refunded" once everything captured went back, "partially_refunded" when some did,
 * "partially_captured" when less than the authorization was captured. Other rows (captures,
 * refunds, cancels) and statuses that move no money (initiated, pending, canceled) are
 * returned as they are.
 */
export function displayStatus(t: StatusAmounts): string {
  if (t.type !== "charge" || (t.status !== "succeeded" && t.status !== "authorized")) return t.status;
  const captured = t.amountCaptured ?? 0;
  const refunded = t.amountRefunded ?? 0;
  if (refunded > 0) return refunded >= captured ? "refunded" : "partially_refunded";
  if (captured > 0 && captured < t.amount) return "partially_captured";
  return t.status;
}
