// The vendor rules a declaration must meet before anything is sent: used by the form as
// the user types and by the server before each call. Amounts in CNY fen.
import { formatMoney } from "@/lib/money";

export type Parent = { currency: string | null; amount: number | null; cnyFen: number | null; method: string | null };
export type SubOrderDraft = {
  subOrderNo: string;
  orderFee: number | null;
  transportFee?: number | null;
  productFee?: number | null;
};
export type DeclarationDraft = {
  vendor: string;
  paymentType: string;
  isSplit: boolean;
  subOrders: SubOrderDraft[];
  upop?: { buyerName?: string; idNumber?: string } | null;
};

const cny = (fen: number) => formatMoney(fen, "CNY");

/** The split's total against the order's CNY amount. */
export function budget(subOrders: SubOrderDraft[], parent: Parent) {
  const used = subOrders.reduce((sum, s) => sum + (s.orderFee ?? 0), 0);
  return {
    used,
    cap: parent.cnyFen,
    left: parent.cnyFen === null ? null : parent.cnyFen - used,
    over: parent.cnyFen !== null && used > parent.cnyFen,
  };
}

/** Where a rule's problem sits: a field of the declaration, of one sub-order, or the whole order. */
export type RuleIssue = {
  message: string;
  field?:
    | "vendor"
    | "paymentType"
    | "buyerName"
    | "idNumber"
    | "subOrderNo"
    | "orderFee"
    | "transportFee"
    | "productFee";
  subOrder?: number;
};

/** Every rule the declaration breaks, in words; empty when it may be sent. */
export function declarationProblems(d: DeclarationDraft, parent: Parent): string[] {
  return declarationIssues(d, parent).map((i) => i.message);
}

/** The same problems, each with the field it is about (a bulk file's row and column). */
export function declarationIssues(d: DeclarationDraft, parent: Parent): RuleIssue[] {
  const problems: RuleIssue[] = [];
  if (d.vendor === "upop") {
    if (parent.currency && parent.currency !== "CNY")
      problems.push({
        field: "vendor",
        message: `UnionPay (upop) declarations support only CNY transactions; this payment is in ${parent.currency}.`,
      });
    if (d.paymentType === "InStore")
      problems.push({ field: "paymentType", message: "upop accepts only the Hosted and Online payment types." });
    if (!d.upop?.buyerName || !d.upop?.idNumber)
      problems.push({
        field: d.upop?.buyerName ? "idNumber" : "buyerName",
        message: "upop needs the buyer's name and ID number.",
      });
  }
  if (!d.isSplit) {
    if (d.subOrders.length > 0) problems.push({ message: "Sub-orders are only for a split declaration." });
    return problems;
  }
  if (d.subOrders.length === 0) problems.push({ message: "A split declaration needs at least one sub-order." });
  const seen = new Set<string>();
  d.subOrders.forEach((s, i) => {
    const at = (field: RuleIssue["field"], message: string) => problems.push({ field, subOrder: i, message });
    const label = `Sub-order ${i + 1}${s.subOrderNo ? ` (${s.subOrderNo})` : ""}`;
    if (!s.subOrderNo) at("subOrderNo", `${label} needs a sub-order number.`);
    else if (seen.has(s.subOrderNo)) at("subOrderNo", `${label}: the sub-order number is used twice.`);
    seen.add(s.subOrderNo);
    if (!s.orderFee || s.orderFee <= 0) at("orderFee", `${label} needs an order fee above zero.`);
    if (d.vendor === "wechatpay") {
      if (s.transportFee == null || s.productFee == null)
        at(
          s.transportFee == null ? "transportFee" : "productFee",
          `${label}: wechatpay split orders need the transport fee and the product fee.`,
        );
      else if (s.orderFee && s.transportFee + s.productFee !== s.orderFee)
        at(
          "orderFee",
          `${label}: the order fee (${cny(s.orderFee)}) must equal transport fee + product fee (${cny(s.transportFee + s.productFee)}).`,
        );
    }
  });
  const b = budget(d.subOrders, parent);
  if (b.cap === null)
    problems.push({
      message:
        "The order's CNY amount is unknown, so a split cannot be checked against it (wallet payments give it by inquiry; upop does not).",
    });
  else if (b.over)
    problems.push({ message: `The sub-orders add up to ${cny(b.used)}, more than the order's ${cny(b.cap)}.` });
  return problems;
}
