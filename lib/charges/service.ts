import "server-only";
import { said, recordTransaction, scrubCardData } from "@/lib/ledger";
import { db, inTransaction } from "@/lib/platform/db";
import { Invalid, NotFound, OutcomeUnknown } from "@/lib/platform/errors";
import { getUpi, auditReason, mayHaveHappened, UpiError, type Charge } from "@/lib/upi";
import { getSettings } from "@/lib/platform/settings/service";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { type Known, once, type Once, recordedOrUnknown, unrecorded } from "@/lib/platform/idempotency/once";
import { log } from "@/lib/platform/log";
import type { CreateChargeInput } from "./schemas";
import { confirmsLanded, recordUnknownConfirm } from "./confirm-reconcile";
import { newReference } from "@/lib/reference";
import { chargeRequest, webhookUrl } from "./request";

async function ipnUrl() {
  return webhookUrl((await getSettings()).publicUrl);
}

/** A charge from the virtual terminal, once per Idempotency-Key. */
export function createCharge(input: CreateChargeInput, key: string, actor: Actor): Promise<Once<Charge>> {
  return once(
    {
      userId: actor.user.id,
      key,
      action: "charge.create",
      params: input,
      reference: input.reference ?? newReference(),
    },
    ({ reference, ...attempt }) => sendCharge(input, reference!, attempt, actor),
    scrubCardData,
  );
}

const unknownCharge = (reference: string, code: string) =>
  new OutcomeUnknown(
    `Outcome unknown: the payment service did not answer clearly, so the charge ${reference} may or may not exist. Do not start a new charge: send this one again (the same reference cannot be charged twice), or import it by id once the customer or the service confirms it.`,
    undefined,
    { upstreamCode: code, reference },
  );

async function sendCharge(
  input: CreateChargeInput,
  reference: string,
  attempt: { retry: boolean; known?: Known },
  actor: Actor,
): Promise<Charge> {
  const upi = await getUpi();
  const entry = {
    actor,
    action: "charge.create",
    targetType: "charge",
    amount: input.amount,
    currency: input.currency,
    detail: { reference, method: input.method ?? null, retry: attempt.retry },
  };
  let charge: Charge;
  let request: ReturnType<typeof chargeRequest> | undefined;
  try {
    if (attempt.known?.transactionId) charge = (await upi.getTransaction(attempt.known.transactionId)) as Charge;
    else {
      request = chargeRequest(input, reference, await ipnUrl());
      charge = (await upi.createCharge(request)) as Charge;
    }
  } catch (error) {
    // On a retry, 4100 is our own reference: the first attempt may well have charged; still unknown.
    const unknown = attempt.known !== undefined || mayHaveHappened(error, attempt.retry);
    await audit({ ...entry, result: unknown ? "unknown" : "failed", reason: auditReason(error) });
    if (attempt.known) throw unrecorded("the charge", reference, attempt.known);
    if (unknown) throw unknownCharge(reference, (error as UpiError).code);
    throw error;
  }
  // From here the service has the charge: any failure of ours leaves the outcome unknown.
  const known = { transactionId: charge.id };
  const audited = { ...entry, targetId: charge.id };
  return recordedOrUnknown({ what: "the charge", reference, known, audited }, async () => {
    await inTransaction((tx) =>
      recordTransaction(
        charge,
        {
          source: "console",
          summary: said("chargeCreated", { actor: actor.user.email, status: charge.status }),
          actorEmail: actor.user.email,
          consumerReference: input.consumer?.reference ?? null,
          sent: {
            consumer: input.consumer,
            card: { firstName: input.card?.firstName, lastName: input.card?.lastName },
            installments: request?.installments,
          },
          cnyFen: input.currency === "CNY" ? input.amount : null,
        },
        tx,
      ),
    );
    await audit({ ...audited, result: "ok" });
    return charge;
  });
}

/** Supplies the method, or changes the amount, of a charge still initiated; once per Idempotency-Key. */
export function confirmCharge(
  chargeToken: string,
  input: CreateChargeInput,
  key: string,
  actor: Actor,
): Promise<Once<Charge>> {
  return once(
    { userId: actor.user.id, key, action: "charge.confirm", params: { chargeToken, ...input } },
    ({ retry }) => sendConfirm(chargeToken, input, retry, actor),
    scrubCardData,
  );
}

async function sendConfirm(
  chargeToken: string,
  input: CreateChargeInput,
  retry: boolean,
  actor: Actor,
): Promise<Charge> {
  const row = await db.ledgerTransaction.findFirst({ where: { chargeToken }, select: { id: true, reference: true } });
  if (!row?.reference) throw new NotFound("No charge with this charge token in the ledger.");
  if (input.reference && input.reference !== row.reference)
    throw new Invalid(`The reference must stay ${row.reference}.`, "reference_fixed");
  const upi = await getUpi();
  const entry = {
    actor,
    action: "charge.confirm",
    targetType: "charge",
    targetId: row.id,
    amount: input.amount,
    currency: input.currency,
  };
  const unknownConfirm = {
    transactionId: row.id,
    method: input.method ?? null,
    amount: input.amount,
    currency: input.currency,
    requestedBy: actor.user.email,
  };
  let charge: Charge;
  const request = chargeRequest(input, row.reference, await ipnUrl());
  try {
    charge = (await upi.confirmCharge(chargeToken, request)) as Charge;
  } catch (error) {
    if (retry && error instanceof UpiError && error.code === "4100") {
      charge = (await upi.getTransaction(row.id)) as Charge;
      await confirmsLanded(row.id, charge);
    } else {
      const unknown = !(error instanceof UpiError) || error.outcome === "unknown";
      await audit({
        ...entry,
        result: unknown ? "unknown" : "failed",
        reason: auditReason(error),
      });
      if (unknown) await recordUnknownConfirm(unknownConfirm);
      throw error;
    }
  }
  // From here the service has confirmed: a failure of ours leaves the confirm unknown, for the follow job.
  try {
    await inTransaction((tx) =>
      recordTransaction(
        { ...charge, charge_token: chargeToken },
        {
          source: "console",
          summary: said("chargeConfirmed", { actor: actor.user.email, status: charge.status }),
          actorEmail: actor.user.email,
          ...(input.consumer?.reference ? { consumerReference: input.consumer.reference } : {}),
          sent: {
            consumer: input.consumer,
            card: { firstName: input.card?.firstName, lastName: input.card?.lastName },
            installments: request.installments,
          },
        },
        tx,
      ),
    );
    await audit({ ...entry, targetId: charge.id, result: "ok" });
    return charge;
  } catch (error) {
    log.error({ err: error, transactionId: row.id }, "a confirm the service accepted was not recorded");
    await audit({ ...entry, result: "unknown", reason: "not recorded" }).catch(() => undefined);
    await recordUnknownConfirm(unknownConfirm).catch((cause) =>
      log.error({ err: cause, transactionId: row.id }, "an unknown confirm was not kept"),
    );
    throw unrecorded("the confirmation of", row.reference, { transactionId: row.id });
  }
}
