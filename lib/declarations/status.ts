import { isAccepted, isRejected } from "./constants";

/** Worst first: what a person must act on before what is merely on its way. */
export const DECLARATION_STATUSES = [
  "rejected",
  "failed",
  "unknown",
  "sending",
  "pending",
  "submitted",
  "accepted",
  "corrected",
] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];

type SubOrderLike = { state: string; customsStatus: string | null };

/** One sub-order's status: its state, "rejected" or "accepted" where Customs decided what we submitted. */
export function subOrderStatus(s: SubOrderLike): DeclarationStatus {
  if (isRejected(s)) return "rejected";
  if (isAccepted(s)) return "accepted";
  return (DECLARATION_STATUSES as readonly string[]).includes(s.state) ? (s.state as DeclarationStatus) : "unknown";
}

/** The worst status among the live (not corrected) sub-orders; "corrected" when none is live. */
export function declarationStatus(subOrders: readonly SubOrderLike[]): DeclarationStatus {
  const live = subOrders.filter((s) => s.state !== "corrected").map(subOrderStatus);
  return DECLARATION_STATUSES.find((st) => live.includes(st)) ?? "corrected";
}

/** What a declaration declares in CNY and Customs has not refused. */
export function declaredCny(d: {
  isSplit: boolean;
  parentCnyFen: number | null;
  subOrders: readonly (SubOrderLike & { orderFee: number | null })[];
}): number {
  return d.subOrders
    .filter((s) => s.state !== "corrected" && !["rejected", "failed"].includes(subOrderStatus(s)))
    .reduce((sum, s) => sum + (s.orderFee ?? (d.isSplit ? 0 : (d.parentCnyFen ?? 0))), 0);
}
