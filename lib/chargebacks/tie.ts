import "server-only";
import { db } from "@/lib/platform/db";
import { retryOnDeadlock } from "@/lib/platform/db-retry";
import { Conflict, Invalid, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import { isKnownCurrency } from "@/lib/platform/money";
import type { Actor } from "@/lib/platform/auth/actor";

// A verified chargeback notification whose charge no inquiry lists yet is kept untied (charge_id null).

export async function tieChargeback(id: string, chargeId: string, actor: Actor) {
  // The move's trigger takes the report totals' locks an inquiry takes first: the race's loser runs again.
  return retryOnDeadlock(() => tie(id, chargeId, actor));
}

async function tie(id: string, chargeId: string, actor: Actor) {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM chargebacks WHERE id = ${id} FOR UPDATE`;
    const c = await tx.chargeback.findUnique({
      where: { id },
      select: { chargeId: true, listedChargeId: true, currency: true },
    });
    if (!c) throw new NotFound("No such chargeback.");
    const retie = c.chargeId !== null && c.listedChargeId === chargeId;
    if (c.chargeId && !retie)
      throw new Conflict(`This chargeback is already tied to the charge ${c.chargeId}.`, "chargeback_already_tied");
    const charge = await tx.ledgerTransaction.findUnique({
      where: { id: chargeId },
      select: { type: true, currency: true },
    });
    if (charge?.type !== "charge")
      throw new NotFound("No charge with this id in the ledger. Import it by id first.", "charge_not_found");
    if (!isKnownCurrency(c.currency))
      throw new Invalid(
        "This chargeback came without a valid currency, so it cannot be tied to a charge. Ask the payment service to resend it.",
        "chargeback_no_currency",
      );
    if (charge.currency !== c.currency)
      throw new Invalid(
        `The chargeback is in ${c.currency} and the charge in ${charge.currency}: choose the charge it disputes.`,
        "chargeback_currency",
      );
    await tx.chargeback.update({ where: { id }, data: { chargeId, listedChargeId: null } });
    await audit(
      {
        actor,
        action: retie ? "chargeback.retie" : "chargeback.tie",
        result: "ok",
        targetType: "chargeback",
        targetId: id,
        detail: retie ? { chargeId, from: c.chargeId } : { chargeId },
      },
      tx,
    );
    return { id, chargeId };
  });
}
