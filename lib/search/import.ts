import "server-only";
import { Invalid } from "@/lib/platform/errors";
import type { Actor } from "@/lib/platform/auth/actor";
import { formatMoney } from "@/lib/platform/money";
import { getUpi, UpiError, type Inquired } from "@/lib/upi";
import { importTransaction } from "@/lib/ledger";
import { inspectToken } from "@/lib/vault";

/** Where an imported id leads: its transaction's page, or the vault page of a stored card. */
export type Imported = { kind: "transaction" | "vault"; id: string; href: string };

/** Imports what an id names: a transaction (charge, capture, refund) into the ledger. */
export async function importById(id: string, actor: Actor): Promise<Imported> {
  const upi = await getUpi();
  let inquired: Inquired;
  try {
    inquired = await upi.inquire(id);
  } catch (error) {
    if (!(error instanceof UpiError) || error.code !== "4103") throw error;
    const vault = await upi.vaultGet(id).catch(() => null);
    if (!vault) throw error;
    await inspectToken(vault.token);
    return { kind: "vault", id: vault.token, href: `/vault/${encodeURIComponent(vault.token)}` };
  }
  if (inquired.object === "chargeback") {
    const parent = (inquired as { parent_id?: unknown }).parent_id;
    if (typeof parent !== "string" || !parent) {
      const amount =
        inquired.amount !== undefined && inquired.currency
          ? ` of ${formatMoney(inquired.amount, inquired.currency)}`
          : "";
      throw new Invalid(
        `This id is a chargeback${amount} (${inquired.status}), not a charge: the payment service does not say which charge it disputes. Import the disputed charge by its id; its chargebacks come with it.`,
        "chargeback_without_charge",
        { kind: "chargeback" },
      );
    }
    await importTransaction(parent, actor);
    return { kind: "transaction", id: parent, href: `/transactions/${encodeURIComponent(parent)}` };
  }
  await importTransaction(id, actor, "import", inquired);
  return { kind: "transaction", id, href: `/transactions/${encodeURIComponent(id)}` };
}
