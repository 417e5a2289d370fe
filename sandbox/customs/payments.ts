import { randomBytes } from "node:crypto";
import type { Ctx } from "../context";
import type { Charge, Merchant } from "../state";
import { CustomsFailure } from "../envelope";
import { fenToString, toCnyFen } from "../rates";
import { formatTime } from "./declare";
import { remainingToCapture } from "../upi/views";

const LEGACY_VENDORS = ["alipay", "wechatpay", "upop"];

function amountOf(p: Record<string, string>): number {
  if (!/^\d+$/.test(p.amount ?? "") || Number(p.amount) <= 0)
    throw new CustomsFailure("B3", "amount must be a positive integer");
  return Number(p.amount);
}

/** A return URL as sent: absent, or an http(s) URL (anything else is an invalid parameter, B3). */
function returnUrl(p: Record<string, string>, name: string): string | null {
  const value = p[name]?.trim();
  if (!value) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new CustomsFailure("B3", `${name} must be an http(s) URL`);
  return value;
}

/** pay and pay_qr return to callback_url whatever happened; chop to its success or fail URL, or mobile_result_url on a phone. */
function returnUrlsOf(endpoint: "pay" | "pay_qr" | "chop", p: Record<string, string>) {
  if (endpoint !== "chop") {
    const back = returnUrl(p, "callback_url");
    return { success: back, fail: back, mobile: null };
  }
  return {
    success: returnUrl(p, "callback_url_success"),
    fail: returnUrl(p, "callback_url_fail"),
    mobile: returnUrl(p, "mobile_result_url"),
  };
}

/** Where the finished page of a pay-by-link payment sends the consumer; null when the merchant gave none. */
export function returnUrlFor(c: Charge, outcome: "complete" | "abandon", mobile: boolean): string | null {
  const urls = c.legacy?.returnUrls;
  if (!urls) return null;
  if (mobile && urls.mobile) return urls.mobile;
  return outcome === "complete" ? urls.success : urls.fail;
}

/** pay, pay_qr and chop: a payment the consumer completes on the sandbox's page. */
export function legacyPay(
  ctx: Ctx,
  merchant: Merchant,
  endpoint: "pay" | "pay_qr" | "chop",
  p: Record<string, string>,
  baseUrl: string,
) {
  const vendor = endpoint === "chop" ? p.payment_method : p.vendor;
  if (!vendor || !LEGACY_VENDORS.includes(vendor))
    throw new CustomsFailure(
      "B6",
      `${endpoint === "chop" ? "payment_method" : "vendor"} must be one of ${LEGACY_VENDORS.join(", ")}`,
    );
  const amount = amountOf(p);
  const currency = p.currency ?? "";
  if (!/^[A-Z]{3}$/.test(currency)) throw new CustomsFailure("B3", "currency must be an ISO 4217 code");
  const reference = p.reference?.trim();
  if (!reference) throw new CustomsFailure("B3", "reference is required");
  const returnUrls = returnUrlsOf(endpoint, p);
  const existing = ctx.store.referenceOwner(merchant.id, reference);
  if (existing && p.allow_duplicates !== "yes")
    throw new CustomsFailure("B2", `reference ${reference} was already used`);

  const charge: Charge = {
    kind: "charge",
    id: ctx.store.newId(),
    merchantId: merchant.id,
    chargeToken: "",
    reference,
    amount,
    currency,
    country: null,
    autoCapture: true,
    status: "initiated",
    method: vendor,
    paymentType: vendor,
    panMasked: null,
    cardExpiry: null,
    vaultToken: null,
    clients: [],
    amountCaptured: null,
    amountRefunded: null,
    multiCaptureOpen: false,
    timeCreated: ctx.store.nowSeconds(),
    timeCaptured: null,
    timeCanceled: null,
    expiry: null,
    ipnUrl: p.ipn_url || null,
    note: null,
    consumerReference: null,
    captureIds: [],
    refundIds: [],
    chargebackIds: [],
    legacy: {
      endpoint,
      q: randomBytes(12).toString("hex"),
      amountCnyRequested: p.amount_CNY === "yes",
      notifyResult: null,
      returnUrls,
    },
  };
  if (!existing) ctx.store.claimReference(merchant.id, reference, charge.id);
  ctx.store.state.transactions[charge.id] = charge;
  ctx.store.changed();
  const q = charge.legacy!.q;
  if (endpoint === "chop") {
    // The spec's answer is {result, url}: the query token rides in the landing URL.
    const url = `${baseUrl}/__sandbox/pay/${charge.id}?q=${q}`;
    return { result: "success", url, ...(ctx.store.extensions ? { q, id: charge.id } : {}) };
  }
  const url = `${baseUrl}/__sandbox/pay/${charge.id}${endpoint === "pay_qr" ? "?qr=1" : ""}`;
  return { result: "success", id: charge.id, reference, url };
}

function cny(charge: Charge, requested: boolean): { amount_CNY?: string } {
  if (!requested || charge.method === "upop") return {};
  const fen = toCnyFen(charge.amount, charge.currency);
  return fen === null ? {} : { amount_CNY: fenToString(fen) };
}

function statusOf(c: Charge): string {
  if (c.status === "succeeded")
    return c.amountRefunded && c.amountRefunded >= (c.amountCaptured ?? 0) ? "refunded" : "success";
  if (c.status === "authorized") return remainingToCapture(c) > 0 ? "authorized" : "success";
  if (c.status === "canceled") return "cancelled";
  return "pending";
}

/** Works for any charge of the merchant, so the CNY amount of a UPI charge can be fetched for customs. */
export function paymentInquire(ctx: Ctx, merchant: Merchant, p: Record<string, string>) {
  const tx = ctx.store.state.transactions[p.transaction_id ?? ""];
  if (!tx || tx.merchantId !== merchant.id || tx.kind !== "charge")
    throw new CustomsFailure("B2", "unknown transaction_id");
  if (p.amount_CNY === "yes" && tx.method === "upop")
    throw new CustomsFailure("B3", "amount_CNY is unavailable for upop");
  return {
    result: "success",
    id: tx.id,
    type: "charge",
    amount: tx.amount,
    time: formatTime(tx.timeCreated),
    reference: tx.reference,
    status: statusOf(tx),
    currency: tx.currency,
    note: tx.note ?? "",
    ...cny(tx, p.amount_CNY === "yes"),
  };
}

export function chopInquire(ctx: Ctx, merchant: Merchant, p: Record<string, string>) {
  const tx = Object.values(ctx.store.state.transactions).find(
    (t): t is Charge => t.kind === "charge" && t.merchantId === merchant.id && t.legacy?.q === p.q,
  );
  if (!p.q || !tx) throw new CustomsFailure("B2", "unknown q");
  if (p.amount_CNY === "yes" && tx.method === "upop")
    throw new CustomsFailure("B3", "amount_CNY is unavailable for upop");
  return {
    result: "success",
    id: tx.id,
    amount: tx.amount,
    reference: tx.reference,
    type: "charge",
    currency: tx.currency,
    payment_method: tx.method,
    ...(ctx.store.extensions ? { status: statusOf(tx) } : {}),
    notify_result: tx.legacy?.notifyResult ?? "",
    ...cny(tx, p.amount_CNY === "yes"),
  };
}
