import type { Ctx } from "../context";
import type { Charge, Chargeback, Merchant, Refund, VaultToken } from "../state";
import { isoTime } from "../webhooks";
import { fenToString, toCnyFen } from "../rates";

// Notification bodies per transaction_type (the spec's Events table).

function chargeStatus(c: Charge): string {
  if (c.status === "succeeded") return c.autoCapture && c.captureIds.length === 0 ? "success" : "captured";
  if (c.status === "canceled") return "cancelled";
  return c.status;
}

export function notifyCharge(ctx: Ctx, merchant: Merchant, c: Charge, status = chargeStatus(c)): void {
  if (c.legacy) {
    notifyLegacy(ctx, merchant, c, status);
    return;
  }
  ctx.webhooks.notify(merchant, c.ipnUrl, {
    id: c.id,
    transaction_type: "charge",
    reference: c.reference,
    amount: c.amount,
    currency: c.currency,
    status,
    time_completed: isoTime(ctx.store.nowSeconds()),
    time_created: isoTime(c.timeCreated),
    payment_method: c.method ?? "",
    amount_captured: c.amountCaptured === null ? "" : String(c.amountCaptured),
    amount_refunded: c.amountRefunded === null ? "" : String(c.amountRefunded),
  });
}

export function notifyRefund(ctx: Ctx, merchant: Merchant, c: Charge, r: Refund): void {
  ctx.webhooks.notify(merchant, c.ipnUrl, {
    id: r.id,
    transaction_type: "refund",
    reference: r.reference,
    amount: r.amount,
    currency: r.currency,
    status: "success",
    time_completed: isoTime(r.timeCreated),
    time_created: isoTime(r.timeCreated),
    payment_method: c.method ?? "",
    ...(ctx.store.extensions ? { parent_id: c.id } : {}),
  });
}

export function notifyChargeback(ctx: Ctx, merchant: Merchant, c: Charge, b: Chargeback): void {
  ctx.webhooks.notify(merchant, c.ipnUrl, {
    id: b.id,
    transaction_type: "chargeback",
    reference: c.reference,
    amount: b.amount,
    currency: b.currency,
    status: b.status,
    time_completed: isoTime(ctx.store.nowSeconds()),
    time_created: isoTime(b.timeCreated),
    payment_method: c.method ?? "",
    ...(ctx.store.extensions ? { parent_id: c.id } : {}),
  });
}

export function notifyVault(ctx: Ctx, merchant: Merchant, v: VaultToken): void {
  ctx.webhooks.notify(merchant, merchant.defaultIpnUrl, {
    id: v.token,
    transaction_type: "vault",
    reference: v.reference,
    status: "success",
    time_completed: isoTime(ctx.store.nowSeconds()),
    time_created: isoTime(v.timeCreated),
    payment_method: v.method,
    payment: JSON.stringify({ type: v.type, data: { pan: v.panMasked, expiry: v.expiry } }),
  });
}

/** Pay-by-link payments notify ipn_url with the older MD5 scheme, and amount_CNY when asked. */
function notifyLegacy(ctx: Ctx, merchant: Merchant, c: Charge, status: string): void {
  const values: Record<string, string | number> = {
    id: c.id,
    reference: c.reference,
    amount: c.amount,
    currency: c.currency,
    status: status === "captured" ? "success" : status,
    vendor: c.method ?? "",
    time_completed: isoTime(ctx.store.nowSeconds()),
  };
  const fen = toCnyFen(c.amount, c.currency);
  if (c.legacy!.amountCnyRequested && c.method !== "upop" && fen !== null) values.amount_CNY = fenToString(fen);
  ctx.webhooks.notify(merchant, c.ipnUrl, values, "md5");
}
