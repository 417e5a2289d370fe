import type { Store } from "../store";
import type { Cancel, Capture, Charge, Chargeback, Refund, VaultToken } from "../state";
import { exchangeFor } from "../rates";

// Response shapes of the spec's resources, as the provider's own sandbox was recorded
// answering (README, decisions table); fields only this sandbox adds need extensions on.

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

export function chargeView(
  store: Store,
  c: Charge,
  opts: { withToken?: boolean; full?: boolean; baseUrl?: string } = {},
) {
  if (c.status === "initiated") return initiatedView(c, opts);
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
    // Links exist only while the consumer has something to do (initiatedView).
    payment: { ...paymentOf(c), client: [] },
  };
  if (opts.withToken) view.charge_token = c.chargeToken;
  if (opts.full) {
    const tx = store.state.transactions;
    view.captures = { data: c.captureIds.map((id) => captureView(store, c, tx[id] as Capture)) };
    view.refunds = { data: c.refundIds.map((id) => refundView(store, c, tx[id] as Refund)) };
    view.chargebacks = { data: c.chargebackIds.map((id) => chargebackView(store, c, tx[id] as Chargeback)) };
  }
  return view;
}

/**
 * A charge waiting for the consumer (or for confirm): nothing captured, refunded or
 * expiring yet, so those keys are absent; `payment` is the method and its links only.
 */
function initiatedView(c: Charge, opts: { withToken?: boolean; full?: boolean; baseUrl?: string }) {
  const view: Record<string, unknown> = {
    object: "charge",
    id: c.id,
    reference: c.reference,
    amount: c.amount,
    currency: c.currency,
    country: c.country,
    time_created: c.timeCreated,
    time_captured: null,
    auto_capture: c.autoCapture,
    status: c.status,
    exchange: exchangeFor(c.amount, c.currency),
    payment: { method: c.method ?? "", client: c.method && opts.baseUrl ? clientLinks(c, opts.baseUrl) : [] },
  };
  if (opts.withToken) view.charge_token = c.chargeToken;
  if (opts.full) Object.assign(view, { captures: { data: [] }, refunds: { data: [] }, chargebacks: { data: [] } });
  return view;
}

/**
 * The consumer's links, as recorded: a desktop client gets a "redirect" page and a "qr"
 * page (the URL of a page showing the code, not QR data), a mobile browser the redirect;
 * every link is a GET of a URL.
 */
export function clientLinks(c: Charge, baseUrl: string) {
  const page = `${baseUrl}/__sandbox/pay/${c.id}`;
  const wanted = c.clients.length ? c.clients : ["desktop", "mobile_browser"];
  return wanted.flatMap((client) =>
    client === "desktop"
      ? [
          { client, format: "redirect", method: "GET", content: page },
          { client, format: "qr", method: "GET", content: `${page}?qr=1` },
        ]
      : [{ client, format: "redirect", method: "GET", content: page }],
  );
}

/** `parent_id` on child records is this sandbox's own addition. */
const parent = (store: Store, charge: Charge) => (store.extensions ? { parent_id: charge.id } : {});

export function captureView(store: Store, charge: Charge, k: Capture) {
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
    ...parent(store, charge),
  };
}

/** As recorded: no parent, `payment` names the method only. */
export function refundView(store: Store, charge: Charge, r: Refund) {
  return {
    object: "refund",
    id: r.id,
    reference: r.reference,
    amount: r.amount,
    amount_refunded: r.amount,
    currency: r.currency,
    country: r.country,
    time_created: r.timeCreated,
    time_completed: r.timeCreated,
    payment: { method: charge.method ?? "" },
    status: r.status,
    note: r.note,
    exchange: exchangeFor(r.amount, r.currency),
    ...parent(store, charge),
  };
}

/**
 * As recorded: a cancel answers with the charge's own id (there is no separate cancel id)
 * and an empty card; the cancel's reference is the one the merchant sent.
 */
export function cancelView(_store: Store, charge: Charge, x: Cancel) {
  return {
    object: "cancel",
    id: charge.id,
    reference: x.reference,
    amount: x.amount,
    currency: x.currency,
    time_created: x.timeCreated,
    country: x.country,
    status: x.status,
    payment: { method: charge.method ?? "", type: "", data: { pan: "" } },
  };
}

export function chargebackView(store: Store, charge: Charge, b: Chargeback) {
  return {
    object: "chargeback",
    id: b.id,
    amount: b.amount,
    currency: b.currency,
    status: b.status,
    reason: b.reason,
    time_created: b.timeCreated,
    history: b.history,
    ...parent(store, charge),
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
