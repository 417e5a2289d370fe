import "server-only";
import { db } from "@/lib/platform/db";
import { retryOnDeadlock } from "@/lib/platform/db-retry";
import { Conflict, Invalid, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import { isKnownCurrency } from "@/lib/platform/money";
import type { Actor } from "@/lib/platform/auth/actor";

// A verified chargeback notification whose charge no inquiry lists yet is kept untied
// (charge_id null): shown on the list and the managers' home as "not yet tied to a charge"
// (issue 30, item 13). A manager ties it by hand, audited; an inquiry that lists it ties it
// by itself (lib/chargebacks/record.ts). One tied by hand that an inquiry of another charge lists
// keeps its tie and shows the conflict; a manager moves it to the listed charge, in one audited
// action (chargeback.retie), and to no other.

export async function tieChargeback(id: string, chargeId: string, actor: Actor) {
  // The move's trigger takes the kept report totals' locks of both charges, which an inquiry takes
  // before the chargeback's row: the loser of that race is run again (the checks run again too).
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
    // Tied already: moved only to the charge the provider lists it under (issue 48, item 7).
    const retie = c.chargeId !== null && c.listedChargeId === chargeId;
    if (c.chargeId && !retie)
      throw new Conflict(`This chargeback is already tied to the charge ${c.chargeId}.`, "chargeback_already_tied");
    const charge = await tx.ledgerTransaction.findUnique({
      where: { id: chargeId },
      select: { type: true, currency: true },
    });
    if (charge?.type !== "charge")
      throw new NotFound("No charge with this id in the ledger. Import it by id first.", "charge_not_found");
    // A chargeback that came without a currency (or an odd one) names no charge: a blank one was
    // once tied to a JPY charge (issue 48, item 6).
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
