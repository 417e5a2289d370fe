// A declaration's status as every page and file shows it, decided once: a sub-order's own
// state, except that one Customs refused (EXCEPT, FAIL) after we submitted it is "rejected";
// a declaration is the worst of its live sub-orders'. No server code: the list renders it too.
import { isRejected } from "./constants";

/** Worst first: what a person must act on before what is merely on its way. */
export const DECLARATION_STATUSES = [
  "rejected",
  "failed",
  "unknown",
  "sending",
  "pending",
  "submitted",
  "corrected",
] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];

type SubOrderLike = { state: string; customsStatus: string | null };

/** One sub-order's status: its state, or "rejected" where Customs refused what we submitted. */
export function subOrderStatus(s: SubOrderLike): DeclarationStatus {
  if (isRejected(s)) return "rejected";
  return (DECLARATION_STATUSES as readonly string[]).includes(s.state) ? (s.state as DeclarationStatus) : "unknown";
}

/** The worst status among the live (not corrected) sub-orders; "corrected" when none is live. */
export function declarationStatus(subOrders: readonly SubOrderLike[]): DeclarationStatus {
  const live = subOrders.filter((s) => s.state !== "corrected").map(subOrderStatus);
  return DECLARATION_STATUSES.find((st) => live.includes(st)) ?? "corrected";
}

/**
 * What a declaration declares in CNY and Customs has not refused: its live sub-orders' order
 * fees (a whole order: the payment's CNY amount), none that failed or that Customs rejected.
 * The customs list's total: each declaration's own CNY, never the payment's amount again.
 */
export function declaredCny(d: {
  isSplit: boolean;
  parentCnyFen: number | null;
  subOrders: readonly (SubOrderLike & { orderFee: number | null })[];
}): number {
  return d.subOrders
    .filter((s) => s.state !== "corrected" && !["rejected", "failed"].includes(subOrderStatus(s)))
    .reduce((sum, s) => sum + (s.orderFee ?? (d.isSplit ? 0 : (d.parentCnyFen ?? 0))), 0);
}
