import type pg from "pg";
import { setCnyAmount } from "@/lib/ledger";
import { parseApiTime } from "@/lib/upi";
import { markLinkFromNotification } from "@/lib/payment-links";
import { applyCharge, CHARGE_STATUS } from "./apply-charges";
import type { Outcome } from "./ledger-rows";
import type { Values } from "./verify";

/** "142.00" CNY yuan as 14200 fen, exactly (no floating point); null for anything else. */
export function cnyFen(value: string | undefined): bigint | null {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(value?.trim() ?? "");
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0")) : null;
}

/** A pay-by-link payment (legacy notification). */
export async function applyPayByLink(client: pg.PoolClient, v: Values, notificationId: string): Promise<Outcome> {
  const status = CHARGE_STATUS[v.status!.toLowerCase()];
  const paid = status === "succeeded";
  const charge = await applyCharge(
    client,
    { ...v, payment_method: v.vendor ?? "", amount_captured: paid ? (v.amount ?? "") : "" },
    notificationId,
  );
  const fen = cnyFen(v.amount_CNY);
  const cny = fen === null ? 0 : await setCnyAmount(client, v.id!, fen);
  const link =
    status === "succeeded" || status === "canceled" || status === "failed"
      ? await markLinkFromNotification(client, {
          reference: v.reference ?? "",
          transactionId: v.id!,
          status: paid ? "succeeded" : "canceled",
          cnyFen: fen,
          at: parseApiTime(v.time_completed) ?? new Date(),
        })
      : false;
  const detail = [
    charge.detail,
    cny ? `CNY amount ${v.amount_CNY}.` : "",
    link ? `Payment link ${v.reference} ${paid ? "paid" : "closed"}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return { state: charge.state === "applied" || cny || link ? "applied" : charge.state, detail };
}
