import "server-only";
import { pool } from "@/lib/platform/db";
import { getCustoms } from "@/lib/customs";
import { getUpi, parseApiTime, type Charge, type Transaction } from "@/lib/upi";
import { finalChargebackOutcome, notificationType, signedValues, type Values } from "./verify";

// Confirming a notification by inquiry before it is applied: what is applied comes from the service.

export type Confirmation = { values: Values } | { reason: string };

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const fenText = (fen: number) => `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;

/** `trusted`: verified, every essential signed — keep its values, only find its charge. */
export async function confirmByInquiry(claimed: Values, trusted: boolean): Promise<Confirmation> {
  const type = notificationType(claimed);
  if (!claimed.id) return { reason: "It names no id to ask about." };
  if (type === "charge") return confirmCharge(claimed.id);
  if (type === "refund") return confirmRefund(claimed, trusted);
  if (type === "chargeback") return confirmChargeback(claimed, trusted);
  if (type === "pay_by_link") return confirmPayment(claimed.id, claimed);
  return { reason: `A ${type ?? "notification"} is not confirmed by inquiry.` };
}

async function confirmCharge(id: string): Promise<Confirmation> {
  const c = (await (await getUpi()).getTransaction(id)) as Charge;
  if ((c.object ?? "charge") !== "charge" || c.id !== id)
    return { reason: "The inquiry says this id is not a charge." };
  return {
    values: {
      id: c.id,
      transaction_type: "charge",
      status: String(c.status),
      amount: String(c.amount),
      currency: c.currency,
      reference: text(c.reference),
      time_created: text(c.time_created),
      amount_captured: text(c.amount_captured),
      amount_refunded: text(c.amount_refunded),
      payment_method: text(c.payment?.method),
    },
  };
}

const PAY_BY_LINK_VENDORS = ["alipay", "wechatpay", "upop"] as const;
async function confirmPayment(id: string, claimed: Values): Promise<Confirmation> {
  const r = await (await getCustoms()).paymentInquire(id, true);
  if (r.id && r.id !== id) return { reason: "The payment inquiry answered about another payment." };
  const created = parseApiTime(r.time ?? undefined);
  const at = parseApiTime(claimed.time_completed);
  const paid =
    at && (!created || at >= created) && at.getTime() <= Date.now() + 5 * 60_000
      ? claimed.time_completed!
      : (r.time ?? "");
  const vendor = PAY_BY_LINK_VENDORS.find((v) => v === claimed.vendor);
  return {
    values: {
      id,
      transaction_type: "pay_by_link",
      reference: r.reference,
      amount: String(r.amount),
      currency: r.currency,
      status: r.status,
      time_completed: paid,
      ...(vendor ? { vendor } : {}),
      ...(r.cnyFen === null ? {} : { amount_CNY: fenText(r.cnyFen) }),
    },
  };
}

async function findCharge<T>(
  candidates: string[],
  pick: (c: Charge) => T | undefined,
): Promise<{ charge: Charge; item: T } | { failed: boolean }> {
  const upi = await getUpi();
  let failed = false;
  for (const id of [...new Set(candidates)]) {
    const charge = (await upi.getTransaction(id).catch(() => {
      failed = true;
      return null;
    })) as Charge | null;
    if (!charge || (charge.object ?? "charge") !== "charge") continue;
    const item = pick(charge);
    if (item) return { charge, item };
  }
  return { failed };
}

const REACHED: Record<string, string[]> = {
  Won: ["Won", "Case Closed"],
  Lost: ["Lost", "Case Closed"],
  "Case Closed": ["Case Closed"],
};

async function confirmChargeback(claimed: Values, trusted: boolean): Promise<Confirmation> {
  const signed = trusted ? signedValues(claimed) : claimed;
  const reference = signed.reference ?? "";
  const { rows } = await pool.query<{ id: string }>(
    "SELECT id FROM ledger_transactions WHERE type = 'charge' AND reference = $1 ORDER BY time_created DESC LIMIT 5",
    [reference],
  );
  const candidates = [...(claimed.parent_id ? [claimed.parent_id] : []), ...rows.map((r) => r.id)];
  if (candidates.length === 0)
    return {
      reason: `No charge with reference “${reference}” in the ledger yet (import it to tie this chargeback); will try again.`,
    };
  const found = await findCharge(candidates, (c) => (c.chargebacks ?? []).find((b) => b.id === claimed.id));
  if (!("charge" in found)) {
    return {
      reason: found.failed
        ? "The inquiry of its charge failed; will try again."
        : `No charge with reference “${reference}” lists chargeback ${claimed.id}; will try again.`,
    };
  }
  const { charge, item: b } = found;
  const tie = { parent_id: charge.id, reason: text(b.reason) };
  // A final outcome stands only once the provider lists the chargeback at that stage (issue 48, item 3).
  if (finalChargebackOutcome(signed) && !(REACHED[signed.status!] ?? []).includes(String(b.status)))
    return {
      reason: `The inquiry of its charge lists the chargeback as “${String(b.status)}”, not “${signed.status}”; will ask again.`,
    };
  if (trusted) return { values: { ...signed, ...tie } };
  return {
    values: {
      id: claimed.id!,
      transaction_type: "chargeback",
      status: b.status,
      reference: charge.reference,
      amount: text(b.amount),
      currency: b.currency ?? charge.currency,
      ...tie,
    },
  };
}

async function confirmRefund(claimed: Values, trusted: boolean): Promise<Confirmation> {
  let base: Values;
  if (trusted) base = signedValues(claimed);
  else {
    const t = (await (await getUpi()).getTransaction(claimed.id!)) as Transaction;
    if (t.object !== "refund" || t.id !== claimed.id) return { reason: "The inquiry says this id is not a refund." };
    base = {
      id: t.id,
      transaction_type: "refund",
      status: String(t.status),
      amount: String(t.amount),
      currency: t.currency,
      reference: text(t.reference),
      time_created: text(t.time_created),
    };
  }
  const { rows } = await pool.query<{ charge: string }>(
    `SELECT transaction_id AS charge FROM operations WHERE kind = 'refund' AND reference = $1
     UNION SELECT parent_id FROM ledger_transactions WHERE type = 'refund' AND parent_id IS NOT NULL AND (id = $2 OR reference = $1)`,
    [base.reference ?? "", base.id],
  );
  if (rows.length === 0) return { values: base };
  const found = await findCharge(
    rows.map((r) => r.charge),
    (c) => (c.refunds ?? []).find((r) => r.id === base.id),
  );
  if ("charge" in found) return { values: { ...base, parent_id: found.charge.id } };
  return found.failed ? { reason: "The inquiry of its charge failed; will try again." } : { values: base };
}
