import { toMajorString } from "@/lib/platform/money";
import { feeOrNull } from "../../new/_components/declaration-values";

// The correction form's fields as typed (amounts as CNY text), the body of the resubmit they
// become, and the order's CNY budget as it would stand with them: shared by the form and its
// schema, no zod here.

export type CorrectionValues = {
  subOrderNo: string;
  orderFee: string;
  transportFee: string;
  productFee: string;
  duty: string;
  buyerName: string;
  idType: string;
  idNumber: string;
  paymentType: string;
};

/** The sub-order being corrected, and the declaration around it, as the page read them. */
export type CorrectionTarget = {
  declarationId: string;
  vendor: string;
  isSplit: boolean;
  paymentType: string;
  duty: number | null;
  buyerName: string | null;
  idType: string | null;
  idNumberMasked: string | null;
  subOrder: {
    id: string;
    subOrderNo: string;
    orderFee: number | null;
    transportFee: number | null;
    productFee: number | null;
  };
  /** The order's CNY amount, what Customs holds of it, and how much of that is this sub-order. */
  budget: { cap: number | null; used: number; thisHeld: number };
};

const text = (fen: number | null) => (fen === null ? "" : toMajorString(fen, "CNY"));

/** Pre-filled with what was sent; the ID number stays empty (it is sealed: empty keeps it). */
export const correctionDefaults = (t: CorrectionTarget): CorrectionValues => ({
  subOrderNo: t.subOrder.subOrderNo,
  orderFee: text(t.subOrder.orderFee),
  transportFee: text(t.subOrder.transportFee),
  productFee: text(t.subOrder.productFee),
  duty: text(t.duty),
  buyerName: t.buyerName ?? "",
  idType: t.idType ?? "01",
  idNumber: "",
  paymentType: t.paymentType,
});

const filled = (v: string) => (v.trim() ? v.trim() : undefined);

/** The fields that apply to this order: fees for a split one (transport and product: wechatpay's). */
export const feeFields = (t: CorrectionTarget) => ({
  orderFee: t.isSplit,
  transportProduct: t.isSplit && t.vendor === "wechatpay",
});

/** The resubmit body (fees still as text: the schema reads them); an empty field is left out. */
export function toBody(v: CorrectionValues, t: CorrectionTarget) {
  const fees = feeFields(t);
  return {
    subOrderNo: v.subOrderNo.trim(),
    ...(fees.orderFee ? { orderFee: filled(v.orderFee) } : {}),
    ...(fees.transportProduct ? { transportFee: filled(v.transportFee), productFee: filled(v.productFee) } : {}),
    duty: filled(v.duty),
    buyerName: filled(v.buyerName),
    ...(t.vendor === "upop" ? { idType: filled(v.idType) } : {}),
    idNumber: filled(v.idNumber),
    paymentType: v.paymentType,
  };
}

/**
 * The order's budget with this correction: what Customs holds besides this sub-order, plus
 * the corrected fee. Under its own number the correction replaces the rejected amount; under a
 * new one Customs keeps counting this one (`kept`).
 */
export function correctionBudget(v: CorrectionValues, t: CorrectionTarget) {
  const { cap, used, thisHeld } = t.budget;
  const renamed = v.subOrderNo.trim() !== t.subOrder.subOrderNo;
  const besides = used - thisHeld;
  const kept = renamed ? thisHeld : 0;
  // An emptied fee is left out of the body, and the server keeps the fee that was sent.
  const adding = t.isSplit ? (feeOrNull(v.orderFee) ?? t.subOrder.orderFee ?? 0) : (cap ?? 0);
  const total = besides + kept + adding;
  return { cap, besides, kept, total, left: cap === null ? null : cap - total, over: cap !== null && total > cap };
}
