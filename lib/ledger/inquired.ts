import "server-only";
import { db } from "@/lib/platform/db";
import { getCustoms } from "@/lib/customs";
import type { Transaction } from "@/lib/upi";
import type { RecordContext } from "./record";

/** The CNY amount of an alipay or wechatpay payment, asked of the customs service; null when it cannot say. */
export async function cnyFenOf(t: Transaction): Promise<number | null> {
  if (t.object && t.object !== "charge") return null;
  if (t.currency === "CNY") return t.amount;
  const method = (t as { payment?: { method?: string | null } }).payment?.method;
  if (method !== "alipay" && method !== "wechatpay") return null;
  try {
    return (await (await getCustoms()).paymentInquire(t.id, true)).cnyFen;
  } catch {
    return null; // best effort: the ledger row is still worth having
  }
}

/** An inquiry names a charge's vault token, not its consumer: the consumer the console stored with that token, for a row that has none. */
export async function vaultConsumer(t: Transaction): Promise<Pick<RecordContext, "sent" | "consumerReference">> {
  const token = (t as { payment?: { token?: string | null } }).payment?.token;
  if (t.object !== "charge" || !token) return {};
  const [vault, row] = await Promise.all([
    db.vaultToken.findUnique({
      where: { token },
      select: { consumerEmail: true, consumerName: true, consumerReference: true },
    }),
    db.ledgerTransaction.findUnique({ where: { id: t.id }, select: { customerEmail: true, consumerReference: true } }),
  ]);
  if (!vault) return {};
  return {
    ...(row?.customerEmail
      ? {}
      : { sent: { consumer: { email: vault.consumerEmail, firstName: vault.consumerName } } }),
    ...(row?.consumerReference ? {} : { consumerReference: vault.consumerReference }),
  };
}
