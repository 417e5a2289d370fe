import { randomBytes } from "node:crypto";
import type { Ctx } from "../context";
import type { Charge, Merchant } from "../state";
import { UpiFailure } from "../envelope";
import { checkCard } from "./cards";
import { chargeView } from "./views";
import { bool, currency, method as parseMethod, obj, positiveInt, REDIRECT_METHODS, str } from "./validate";
import { addVaultToken } from "./vault";
import { notifyCharge } from "./notify";

const AUTHORIZATION_DAYS = 7;

type Parsed = ReturnType<typeof parseChargeBody>;

function parseChargeBody(body: Record<string, unknown> | null) {
  if (!body) throw new UpiFailure("4000", "the body must be a JSON object");
  const transaction = obj(body.transaction, "transaction");
  const payment = obj(body.payment, "payment");
  const clients = payment.client;
  if (
    clients !== undefined &&
    (!Array.isArray(clients) || clients.some((c) => c !== "desktop" && c !== "mobile_browser"))
  ) {
    throw new UpiFailure("4000", "payment.client must list desktop and/or mobile_browser");
  }
  return {
    reference: str(transaction.reference, "transaction.reference")!,
    amount: positiveInt(transaction.amount, "transaction.amount")!,
    currency: currency(transaction.currency),
    country: str(transaction.country, "transaction.country", false),
    autoCapture: bool(transaction.auto_capture, "transaction.auto_capture", false),
    note: str(transaction.note, "transaction.note", false),
    locale: str(transaction.locale, "transaction.locale", false),
    method: parseMethod(payment.method),
    requestToken: bool(payment.request_token, "payment.request_token", false),
    token: str(payment.token, "payment.token", false),
    data: payment.data,
    clients: (clients as string[] | undefined) ?? [],
    consumerReference: str(obj(body.consumer, "consumer").reference, "consumer.reference", false),
    ipnUrl: str(obj(body.urls, "urls").ipn, "urls.ipn", false),
  };
}

/** Applies the method and payment data: the state-table row this request falls under. */
function authorize(ctx: Ctx, merchant: Merchant, charge: Charge, p: Parsed): void {
  const now = ctx.store.nowSeconds();
  charge.method = p.method;
  charge.clients = p.clients;
  if (!p.method || REDIRECT_METHODS.has(p.method)) {
    charge.status = "initiated";
    return;
  }
  if (p.method === "card") {
    if (p.token) {
      const v = ctx.store.state.vault[p.token];
      if (!v || v.merchantId !== merchant.id || v.status !== "active")
        throw new UpiFailure("4200", "payment.token is not an active vault token");
      Object.assign(charge, { vaultToken: v.token, paymentType: v.type, panMasked: v.panMasked, cardExpiry: v.expiry });
    } else {
      const card = checkCard(p.data, "4200", ctx.store.nowMs());
      Object.assign(charge, { paymentType: card.brand, panMasked: card.masked, cardExpiry: card.expiry });
      if (p.requestToken) {
        const v = addVaultToken(ctx, merchant, {
          reference: `${charge.reference}:token`,
          card,
          consumerReference: p.consumerReference,
          country: p.country,
          claim: false,
        });
        charge.vaultToken = v.token;
      }
    }
  } else {
    charge.paymentType = p.method;
  }
  completeAuthorization(ctx, charge, now);
}

/** initiated → authorized, or succeeded when auto-captured. */
export function completeAuthorization(ctx: Ctx, charge: Charge, now = ctx.store.nowSeconds()): void {
  if (charge.autoCapture) {
    charge.status = "succeeded";
    charge.amountCaptured = charge.amount;
    charge.timeCaptured = now;
  } else {
    charge.status = "authorized";
    charge.expiry = now + AUTHORIZATION_DAYS * 86400;
  }
}

export function createCharge(ctx: Ctx, merchant: Merchant, body: Record<string, unknown> | null, baseUrl: string) {
  const p = parseChargeBody(body);
  if (ctx.store.referenceOwner(merchant.id, p.reference))
    throw new UpiFailure("4100", `reference ${p.reference} was already used`);
  const charge: Charge = {
    kind: "charge",
    id: ctx.store.newId(),
    merchantId: merchant.id,
    chargeToken: `chg_${randomBytes(16).toString("hex")}`,
    reference: p.reference,
    amount: p.amount,
    currency: p.currency,
    country: p.country,
    autoCapture: p.autoCapture,
    status: "initiated",
    method: null,
    paymentType: null,
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
    ipnUrl: p.ipnUrl,
    note: p.note,
    consumerReference: p.consumerReference,
    locale: p.locale,
    captureIds: [],
    refundIds: [],
    chargebackIds: [],
    legacy: null,
  };
  authorize(ctx, merchant, charge, p); // throws before anything is stored
  ctx.store.claimReference(merchant.id, p.reference, charge.id);
  ctx.store.state.transactions[charge.id] = charge;
  ctx.store.state.chargeTokens[charge.chargeToken] = charge.id;
  ctx.store.changed();
  if (charge.status !== "initiated") notifyCharge(ctx, merchant, charge);
  return chargeView(ctx.store, charge, { withToken: true, baseUrl });
}

/** Supplies the method or changes details while the charge is still initiated. */
export function confirmCharge(
  ctx: Ctx,
  merchant: Merchant,
  chargeToken: string,
  body: Record<string, unknown> | null,
  baseUrl: string,
) {
  const id = ctx.store.state.chargeTokens[chargeToken];
  const charge = id ? (ctx.store.state.transactions[id] as Charge) : undefined;
  if (!charge || charge.merchantId !== merchant.id) throw new UpiFailure("4103", "unknown charge_token");
  const p = parseChargeBody(body);
  if (p.reference !== charge.reference)
    throw new UpiFailure("4205", "transaction.reference must equal the original charge's reference");
  if (charge.status !== "initiated") throw new UpiFailure("4100", "the charge was already confirmed");
  const draft: Charge = {
    ...charge,
    amount: p.amount,
    currency: p.currency,
    country: p.country ?? charge.country,
    autoCapture: p.autoCapture,
  };
  draft.ipnUrl = p.ipnUrl ?? charge.ipnUrl;
  authorize(ctx, merchant, draft, p);
  ctx.store.state.transactions[charge.id] = draft;
  ctx.store.changed();
  if (draft.status !== "initiated") notifyCharge(ctx, merchant, draft);
  return chargeView(ctx.store, draft, { baseUrl });
}

/** The consumer finished (or gave up) on the sandbox's payment page. */
export function finishRedirect(ctx: Ctx, chargeId: string, outcome: "complete" | "abandon"): Charge {
  const charge = ctx.store.state.transactions[chargeId];
  if (charge?.kind !== "charge") throw new UpiFailure("4103", "unknown charge");
  if (charge.status !== "initiated" || !charge.method)
    throw new UpiFailure("4205", `the charge is ${charge.status}, not awaiting the consumer`);
  const merchant = ctx.store.state.merchants[charge.merchantId]!;
  if (outcome === "complete") {
    completeAuthorization(ctx, charge);
    if (charge.legacy) charge.legacy.notifyResult = "success";
  } else {
    charge.status = "canceled";
    charge.timeCanceled = ctx.store.nowSeconds();
  }
  ctx.store.changed();
  notifyCharge(ctx, merchant, charge, outcome === "abandon" ? "cancelled" : undefined);
  return charge;
}
