import "server-only";
import { setCnyAmount } from "@/lib/ledger";
import { db, pool } from "@/lib/platform/db";
import { getCustoms, CustomsError, type CnyReason } from "@/lib/customs";
import { minorToNumber as n } from "@/lib/platform/money";
import type { Parent } from "./rules";

/** The payment being declared, from the ledger (by id or reference), with its CNY amount. */
export async function parentOf(q: { transactionId?: string; reference?: string }) {
  const row = await db.ledgerTransaction.findFirst({
    where: { type: "charge", ...(q.transactionId ? { id: q.transactionId } : { reference: q.reference }) },
  });
  if (!row)
    return {
      row: null,
      parent: { currency: null, amount: null, cnyFen: null, method: null } satisfies Parent,
      cnyNote: "This payment is not in the ledger; import it first to check the amounts.",
      cnyReason: { code: "not_in_ledger" } as CnyReason,
    };
  let cnyFen = n(row.cnyAmount) ?? (row.currency === "CNY" ? Number(row.amount) : null);
  let cnyNote: string | null = null;
  let cnyReason: CnyReason | null = null;
  if (cnyFen === null && (row.method === "alipay" || row.method === "wechatpay")) {
    try {
      cnyFen = (await (await getCustoms()).paymentInquire(row.id, true)).cnyFen;
      if (cnyFen !== null) await setCnyAmount(pool, row.id, cnyFen);
    } catch (error) {
      cnyNote = `The CNY amount could not be fetched: ${error instanceof CustomsError ? error.explanation : "the service did not answer"}`;
      cnyReason = { code: "fetch_failed", error: error instanceof CustomsError ? error.code : null };
    }
  } else if (cnyFen === null) {
    cnyNote =
      row.method === "upop"
        ? "amount_CNY is unavailable for upop."
        : `A ${row.method ?? "card"} payment in ${row.currency} has no CNY amount from the service.`;
    cnyReason =
      row.method === "upop"
        ? { code: "upop" }
        : { code: "no_cny", method: row.method ?? "card", currency: row.currency };
  }
  return {
    row,
    parent: { currency: row.currency, amount: Number(row.amount), cnyFen, method: row.method } satisfies Parent,
    cnyNote,
    cnyReason,
  };
}
