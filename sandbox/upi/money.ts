import type { Ctx } from "../context";
import type { Cancel, Capture, Charge, Merchant, Refund } from "../state";
import { UpiFailure } from "../envelope";
import { cancelView, captureView, refundView } from "./views";
import { bool, NO_PARTIAL_REFUND, obj, positiveInt, str } from "./validate";
import { notifyCharge, notifyRefund } from "./notify";

/** The charge named by id or transaction_reference (a capture's reference leads to its charge). */
function targetCharge(ctx: Ctx, merchant: Merchant, body: Record<string, unknown>, op: string): Charge {
  const id = str(body.id, "id", false);
  const ref = str(body.transaction_reference, "transaction_reference", false);
  if (!id && !ref) throw new UpiFailure("4000", "id or transaction_reference is required");
  const txId = id ?? ctx.store.referenceOwner(merchant.id, ref!);
  const tx = txId ? ctx.store.state.transactions[txId] : undefined;
  if (!tx || tx.merchantId !== merchant.id) throw new UpiFailure("4103", "unknown transaction");
  if (tx.kind === "charge") return tx;
  if (op === "refund" && tx.kind === "capture") return ctx.store.state.transactions[tx.chargeId] as Charge;
  throw new UpiFailure(
    op === "cancel" ? "4203" : op === "refund" ? "4202" : "4201",
    `only charges can be ${op === "cancel" ? "canceled" : `${op}d`}`,
  );
}

/** The new record's reference, refused with 4100 when the merchant already used it. */
function freshReference(ctx: Ctx, merchant: Merchant, body: Record<string, unknown>): string {
  const reference = str(body.reference, "reference")!;
  if (ctx.store.referenceOwner(merchant.id, reference))
    throw new UpiFailure("4100", `reference ${reference} was already used`);
  return reference;
}

function requireBody(body: Record<string, unknown> | null) {
  if (!body) throw new UpiFailure("4000", "the body must be a JSON object");
  return body;
}

export function capture(ctx: Ctx, merchant: Merchant, raw: Record<string, unknown> | null) {
  const body = requireBody(raw);
  const charge = targetCharge(ctx, merchant, body, "capture");
  const id = ctx.store.newId();
  const reference = freshReference(ctx, merchant, body);
  const multi = bool(body.multi_capture, "multi_capture", false);
  const last = bool(body.last_capture, "last_capture", false);
  if ((multi || last) && charge.method !== "klarna")
    throw new UpiFailure("4201", "multi_capture and last_capture are for klarna only");
  if (body.currency !== undefined && body.currency !== charge.currency)
    throw new UpiFailure("4201", "the capture currency must equal the authorization's");
  if (charge.status !== "authorized")
    throw new UpiFailure("4201", `the charge is ${charge.status}; only an open authorization can be captured`);
  const remaining = charge.amount - (charge.amountCaptured ?? 0);
  const amount = positiveInt(body.transaction_amount, "transaction_amount", false) ?? remaining;
  if (amount > remaining) throw new UpiFailure("4201", `the amount exceeds the ${remaining} left on the authorization`);
  const shipping = obj(body.shipping, "shipping");

  const now = ctx.store.nowSeconds();
  const record: Capture = {
    kind: "capture",
    id,
    merchantId: merchant.id,
    chargeId: charge.id,
    reference,
    amount,
    currency: charge.currency,
    country: charge.country,
    timeCreated: now,
    status: "succeeded",
    shipping: Object.keys(shipping).length
      ? {
          vendor: str(shipping.vendor, "shipping.vendor", false) ?? undefined,
          tracking: str(shipping.tracking, "shipping.tracking", false) ?? undefined,
        }
      : null,
  };
  ctx.store.claimReference(merchant.id, reference, id);
  ctx.store.state.transactions[id] = record;
  charge.captureIds.push(id);
  charge.amountCaptured = (charge.amountCaptured ?? 0) + amount;
  charge.timeCaptured = now;
  // A partial capture releases the remainder, except a klarna multi-capture until its last capture.
  const keepOpen = multi && !last && charge.amountCaptured < charge.amount;
  charge.multiCaptureOpen = keepOpen;
  if (!keepOpen) charge.status = "succeeded";
  ctx.store.changed();
  notifyCharge(ctx, merchant, charge, "captured");
  return captureView(ctx.store, charge, record);
}

export function refund(ctx: Ctx, merchant: Merchant, raw: Record<string, unknown> | null) {
  const body = requireBody(raw);
  const charge = targetCharge(ctx, merchant, body, "refund");
  const id = ctx.store.newId();
  const reference = freshReference(ctx, merchant, body);
  const note = str(body.note, "note", false);
  if (charge.status === "initiated") throw new UpiFailure("4202", "the charge has not been paid yet");
  const captured = charge.amountCaptured ?? 0;
  if (captured === 0) throw new UpiFailure("4202", "only captured money can be refunded");
  const refundable = captured - (charge.amountRefunded ?? 0);
  const amount = positiveInt(body.amount, "amount", false) ?? refundable;
  if (refundable === 0) throw new UpiFailure("4202", "the charge is fully refunded");
  if (amount > refundable) throw new UpiFailure("4202", `the amount exceeds the ${refundable} left to refund`);
  if (amount < captured && NO_PARTIAL_REFUND.has(charge.method ?? "")) throw new UpiFailure("4208");
  if (body.currency !== undefined && body.currency !== charge.currency)
    throw new UpiFailure("4202", "the refund currency must equal the charge's");

  const record: Refund = {
    kind: "refund",
    id,
    merchantId: merchant.id,
    chargeId: charge.id,
    reference,
    amount,
    currency: charge.currency,
    country: charge.country,
    note,
    timeCreated: ctx.store.nowSeconds(),
    status: "succeeded",
  };
  ctx.store.claimReference(merchant.id, reference, id);
  ctx.store.state.transactions[id] = record;
  charge.refundIds.push(id);
  charge.amountRefunded = (charge.amountRefunded ?? 0) + amount;
  ctx.store.changed();
  notifyRefund(ctx, merchant, charge, record);
  return refundView(ctx.store, charge, record);
}

export function cancel(ctx: Ctx, merchant: Merchant, raw: Record<string, unknown> | null) {
  const body = requireBody(raw);
  const charge = targetCharge(ctx, merchant, body, "cancel");
  const id = ctx.store.newId();
  const reference = freshReference(ctx, merchant, body);
  if (charge.status !== "authorized" || (charge.amountCaptured ?? 0) > 0) {
    throw new UpiFailure(
      "4203",
      `the charge is ${charge.status}${charge.amountCaptured ? " and captured" : ""}; only an uncaptured authorization can be canceled`,
    );
  }
  const now = ctx.store.nowSeconds();
  const record: Cancel = {
    kind: "cancel",
    id,
    merchantId: merchant.id,
    chargeId: charge.id,
    reference,
    amount: charge.amount,
    currency: charge.currency,
    country: charge.country,
    timeCreated: now,
    status: "canceled",
  };
  ctx.store.claimReference(merchant.id, reference, id);
  ctx.store.state.transactions[id] = record;
  charge.status = "canceled";
  charge.timeCanceled = now;
  ctx.store.changed();
  notifyCharge(ctx, merchant, charge);
  return cancelView(ctx.store, charge, record);
}
