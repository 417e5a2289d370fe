// What a person should read for a ledger row's status.

export type StatusAmounts = {
  type: string;
  status: string;
  amount: number;
  amountCaptured: number | null;
  amountRefunded: number | null;
};

export const DERIVED_STATUSES = ["partially_captured", "partially_refunded", "refunded"] as const;
export type DerivedStatus = (typeof DERIVED_STATUSES)[number];

/** A charge's status with its captured and refunded totals taken into account. */
export function displayStatus(t: StatusAmounts): string {
  if (t.type !== "charge" || (t.status !== "succeeded" && t.status !== "authorized")) return t.status;
  const captured = t.amountCaptured ?? 0;
  const refunded = t.amountRefunded ?? 0;
  if (refunded > 0) return refunded >= captured ? "refunded" : "partially_refunded";
  if (captured > 0 && captured < t.amount) return "partially_captured";
  return t.status;
}
