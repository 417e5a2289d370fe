import { createHash } from "node:crypto";
import type { Ctx } from "../context";
import type { Charge, Declaration, Merchant } from "../state";
import { CustomsFailure } from "../envelope";
import { toCnyFen } from "../rates";

export const VENDORS = ["alipay", "wechatpay", "upop"];
export const PAYMENT_TYPES = ["Hosted", "Online", "InStore"];
export const ID_TYPES = ["01", "02", "03", "04", "05", "06", "07", "99"];
const VERIFICATION_ORGS: Record<string, string> = {
  alipay: "Alipay (China) Network Technology Co., Ltd.",
  wechatpay: "Tenpay Payment Technology Co., Ltd.",
  upop: "China UnionPay Co., Ltd.",
};
// Customs statuses advance with the sandbox clock.
export const PROCESSING_AFTER_S = 10 * 60;
export const DECIDED_AFTER_S = 30 * 60;

function need(p: Record<string, string>, name: string): string {
  const v = p[name]?.trim();
  if (!v) throw new CustomsFailure("B3", `${name} is required`);
  return v;
}

function fen(p: Record<string, string>, name: string, required: boolean, zeroAllowed = false): number | null {
  const v = p[name];
  if (v === undefined || v === "") {
    if (required) throw new CustomsFailure("B3", `${name} is required`);
    return null;
  }
  if (!/^\d+$/.test(v) || Number(v) < (zeroAllowed ? 0 : 1))
    throw new CustomsFailure("B3", `${name} must be a ${zeroAllowed ? "non-negative" : "positive"} integer in CNY fen`);
  return Number(v);
}

/** The paid charge behind a declaration's reference, and its amount in CNY fen. */
export function parentOf(ctx: Ctx, merchant: Merchant, reference: string): { charge: Charge; cnyFen: number } {
  const id = ctx.store.referenceOwner(merchant.id, reference);
  const charge = id ? ctx.store.state.transactions[id] : undefined;
  if (charge?.kind !== "charge") throw new CustomsFailure("B2", `no payment with reference ${reference}`);
  if (charge.status !== "succeeded" && charge.status !== "authorized")
    throw new CustomsFailure("B2", `the payment is ${charge.status}, not paid`);
  const cnyFen = toCnyFen(charge.amount, charge.currency);
  if (cnyFen === null) throw new CustomsFailure("B3", `no CNY rate for ${charge.currency}`);
  return { charge, cnyFen };
}

export function currentStatus(ctx: Ctx, d: Declaration): Declaration["status"] {
  if (d.status === "CORRECTED") return d.status;
  const age = ctx.store.nowSeconds() - d.submittedAt;
  if (age >= DECIDED_AFTER_S) return d.subOrderNo.endsWith("-EXCEPT") ? "EXCEPT" : "SUCCESS";
  if (age >= PROCESSING_AFTER_S) return "PROCESSING";
  return "SUBMITTED";
}

export function declare(ctx: Ctx, merchant: Merchant, p: Record<string, string>) {
  const vendor = need(p, "vendor");
  if (!VENDORS.includes(vendor)) throw new CustomsFailure("B6", `vendor must be one of ${VENDORS.join(", ")}`);
  const paymentType = need(p, "payment_type");
  if (!PAYMENT_TYPES.includes(paymentType) || (vendor === "upop" && paymentType === "InStore")) {
    throw new CustomsFailure(
      "B4",
      vendor === "upop" ? "upop accepts Hosted or Online" : "payment_type must be Hosted, Online or InStore",
    );
  }
  const reference = need(p, "reference");
  need(p, "merchant_customs_code");
  need(p, "merchant_customs_name");
  const customsLocation = need(p, "customs_location");
  if (p.duty !== undefined && p.duty !== "" && !/^\d+$/.test(p.duty))
    throw new CustomsFailure("B3", "duty must be an integer");
  const { charge, cnyFen } = parentOf(ctx, merchant, reference);

  if (vendor === "upop") {
    if (charge.currency !== "CNY")
      throw new CustomsFailure("B3", "UnionPay declaration supports only CNY transactions");
    need(p, "buyer_name");
    need(p, "id_number");
    if (p.id_type && !ID_TYPES.includes(p.id_type))
      throw new CustomsFailure("B3", `id_type must be one of ${ID_TYPES.join(", ")}`);
    if (p.businessType && !["1", "2"].includes(p.businessType))
      throw new CustomsFailure("B3", "businessType must be 1 or 2");
  }

  const isSplit = p.is_split === "T" || p.is_split === "t";
  if (p.is_split && !isSplit) throw new CustomsFailure("B3", "is_split must be T or t");
  let subOrderNo = reference;
  let orderFee = cnyFen;
  let transportFee: number | null = null;
  let productFee: number | null = null;
  if (isSplit) {
    subOrderNo = need(p, "sub_order_no");
    orderFee = fen(p, "order_fee", true)!;
    if (vendor === "wechatpay") {
      if (p.fee_type !== "CNY") throw new CustomsFailure("B3", "fee_type must be CNY for a wechatpay split order");
      transportFee = fen(p, "transport_fee", true, true); // free shipping is 0
      productFee = fen(p, "product_fee", true);
      if (transportFee! + productFee! !== orderFee)
        throw new CustomsFailure("B3", "order_fee must equal transport_fee + product_fee");
    }
  }

  const all = Object.values(ctx.store.state.declarations).filter(
    (d) => d.merchantId === merchant.id && d.reference === reference,
  );
  const existing = all.find((d) => d.subOrderNo === subOrderNo && d.status !== "CORRECTED");
  // Naming the sub-order a resubmission corrects is this sandbox's extension; the spec
  // says only that a split order's wrong sub_order_no "can be corrected by a later resubmission".
  const correcting = ctx.store.extensions && isSplit ? p.original_sub_order_no : undefined;
  const corrected = correcting ? all.find((d) => d.subOrderNo === correcting && d.status !== "CORRECTED") : undefined;
  if (correcting && !corrected)
    throw new CustomsFailure("B3", `no declared sub-order ${p.original_sub_order_no} to correct`);
  const others = all
    .filter((d) => d.status !== "CORRECTED" && d !== existing && d !== corrected)
    .reduce((s, d) => s + d.orderFee, 0);
  if (others + orderFee > cnyFen) {
    throw new CustomsFailure(
      "B3",
      `the sub-orders (${(others + orderFee) / 100} CNY) exceed the order's ${cnyFen / 100} CNY`,
    );
  }

  const now = ctx.store.nowSeconds();
  const identityCheck = vendor === "upop" ? (/^0+$/.test(p.id_number ?? "") ? "FAIL" : "PASS") : "UNCHECKED";
  let d: Declaration;
  if (existing) {
    // A re-push: same declaration, submitted again.
    d = Object.assign(existing, {
      orderFee,
      transportFee,
      productFee,
      customsLocation,
      paymentType,
      identityCheck, // of the ID sent now: a re-push may correct it
      status: "SUBMITTED",
      submittedAt: now,
      timeModified: now,
    });
    d.submissions += 1;
  } else {
    d = {
      id: ctx.store.newId("dcl"),
      merchantId: merchant.id,
      reference,
      chargeId: charge.id,
      vendor,
      paymentType,
      customsLocation,
      isSplit,
      subOrderNo,
      orderFee,
      transportFee,
      productFee,
      declareNumber: `D${createHash("sha1").update(`${merchant.id}:${reference}:${subOrderNo}`).digest("hex").slice(0, 18).toUpperCase()}`,
      identityCheck,
      status: "SUBMITTED",
      correctedBy: null,
      submittedAt: now,
      timeModified: now,
      submissions: 1,
    };
    ctx.store.state.declarations[d.id] = d;
  }
  if (corrected) Object.assign(corrected, { status: "CORRECTED", correctedBy: d.id, timeModified: now });
  ctx.store.changed();

  const vendorRequest = `service=customs_declare&out_request_no=${d.id}&trade_no=${charge.id}&amount=${(orderFee / 100).toFixed(2)}&customs_place=${customsLocation}`;
  return {
    result: "success",
    reference,
    sub_order_no: subOrderNo,
    is_split: isSplit ? "T" : "F",
    order_fee: orderFee,
    declare_number: d.declareNumber,
    verification_organization: VERIFICATION_ORGS[vendor],
    identity_check_result: d.identityCheck,
    customs_status: d.status,
    error_detail: "",
    ...(vendor === "wechatpay"
      ? {}
      : {
          original_vendor_request: vendorRequest,
          original_vendor_response: `<response><is_success>T</is_success><declare_no>${d.declareNumber}</declare_no></response>`,
        }),
  };
}

export function inquireDeclaration(ctx: Ctx, merchant: Merchant, p: Record<string, string>) {
  const vendor = need(p, "vendor");
  if (!VENDORS.includes(vendor)) throw new CustomsFailure("B6", `vendor must be one of ${VENDORS.join(", ")}`);
  const reference = need(p, "reference");
  const isSplit = p.is_split === "T" || p.is_split === "t";
  const subOrderNo = isSplit ? need(p, "sub_order_no") : p.sub_order_no || reference;
  const d = Object.values(ctx.store.state.declarations).find(
    (x) => x.merchantId === merchant.id && x.reference === reference && x.subOrderNo === subOrderNo,
  );
  if (!d) throw new CustomsFailure("B2", `no declaration for ${reference}${isSplit ? ` / ${subOrderNo}` : ""}`);
  const status = currentStatus(ctx, d);
  if (status !== d.status) {
    d.status = status;
    d.timeModified = d.submittedAt + (status === "PROCESSING" ? PROCESSING_AFTER_S : DECIDED_AFTER_S);
    ctx.store.changed();
  }
  return {
    result: "success",
    reference,
    sub_order_no: subOrderNo,
    declare_number: d.declareNumber,
    customs_status: status,
    ...(ctx.store.extensions
      ? { corrected_by: d.correctedBy ? (ctx.store.state.declarations[d.correctedBy]?.subOrderNo ?? null) : null }
      : {}),
    time_modified: formatTime(d.timeModified),
    error_detail:
      status === "EXCEPT" ? "Customs rejected the declaration: payer identity does not match the order" : "",
  };
}

export function formatTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace("T", " ").slice(0, 19);
}
