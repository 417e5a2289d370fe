import type { Store } from "../store";
import type { Cancel, Capture, Charge, Chargeback, Refund, VaultToken } from "../state";
import { exchangeFor } from "../rates";

// Response shapes of the spec's resources.

function paymentOf(charge: Charge) {
  return {
    method: charge.method,
    type: charge.paymentType,
    token: charge.vaultToken ?? "",
    data: { pan: charge.panMasked, expiry: charge.cardExpiry },
  };
}

export function remainingToCapture(c: Charge): number {
  return c.status === "authorized" ? c.amount - (c.amountCaptured ?? 0) : 0;
}

export function chargeView(store: Store, c: Charge, opts: { withToken?: boolean; full?: boolean; baseUrl?: string } = {}) {
  const view: Record<string, unknown> = {
    object: "charge",
    id: c.id,
    reference: c.reference,
    amount: c.amount,
    amount_captured: c.amountCaptured,
    amount_refunded: c.amountRefunded,
    amount_authorized_remaining: remainingToCapture(c),
    currency: c.currency,
    country: c.country,
    time_created: c.timeCreated,
    time_captured: c.timeCaptured,
    time_canceled: c.timeCanceled,
    expiry: c.expiry,
    auto_capture: c.autoCapture,
    status: c.status,
    exchange: exchangeFor(c.amount, c.currency),
    payment: {
      ...paymentOf(c),
      client:
        c.status === "initiated" && c.method && opts.baseUrl
          ? clientLinks(c, opts.baseUrl)
          : [],
    },
  };
  if (opts.withToken) view.charge_token = c.chargeToken;
  if (opts.full) {
    const tx = store.state.transactions;
    view.captures = { data: c.captureIds.map((id) => captureView(c, tx[id] as Capture)) };
    view.refunds = { data: c.refundIds.map((id) => refundView(c, tx[id] as Refund)) };
    view.chargebacks = { data: c.chargebackIds.map((id) => chargebackView(c, tx[id] as Chargeback)) };
  }
  return view;
}

export function clientLinks(c: Charge, baseUrl: string) {
  const url = `${baseUrl}/__sandbox/pay/${c.id}`;
  const wanted = c.clients.length ? c.clients : ["desktop", "mobile_browser"];
  return wanted.map((client) => ({ client, format: client === "desktop" ? "qr" : "redirect", method: "GET", content: url }));
}

export function captureView(charge: Charge, k: Capture) {
  return {
    object: "capture",
    id: k.id,
    reference: k.reference,
    amount: k.amount,
    amount_captured: k.amount,
    currency: k.currency,
    time_created: k.timeCreated,
    time_captured: k.timeCreated,
    status: k.status,
    country: k.country,
    exchange: exchangeFor(k.amount, k.currency),
    payment: { method: charge.method, token: charge.vaultToken ?? "", data: { pan: charge.panMasked } },
    shipping: k.shipping,
    parent_id: charge.id,
  };
}

export function refundView(charge: Charge, r: Refund) {
  return {
    object: "refund",
    id: r.id,
    reference: r.reference,
    amount: r.amount,
    amount_refunded: r.amount,
    currency: r.currency,
    country: r.country,
    time_created: r.timeCreated,
    payment: { method: charge.method, data: { pan: charge.panMasked } },
    status: r.status,
    note: r.note,
    exchange: exchangeFor(r.amount, r.currency),
    parent_id: charge.id,
  };
}

export function cancelView(x: Cancel) {
  return {
    object: "cancel",
    id: x.id,
    reference: x.reference,
    amount: x.amount,
    currency: x.currency,
    time_created: x.timeCreated,
    country: x.country,
    status: x.status,
    parent_id: x.chargeId,
  };
}

export function chargebackView(charge: Charge, b: Chargeback) {
  return {
    object: "chargeback",
    id: b.id,
    amount: b.amount,
    currency: b.currency,
    status: b.status,
    reason: b.reason,
    time_created: b.timeCreated,
    history: b.history,
    parent_id: charge.id,
  };
}

export function vaultView(v: VaultToken) {
  return {
    object: "vault",
    token: v.token,
    reference: v.reference,
    status: v.status,
    payment: { method: v.method, token: v.token, type: v.type, data: { pan: v.panMasked, expiry: v.expiry } },
    country: v.country,
    consumer: { reference: v.consumerReference },
    time_created: v.timeCreated,
  };
}
