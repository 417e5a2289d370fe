import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { getUpi } from "@/lib/upi";
import { UpiError } from "@/lib/upi/errors";
import { getSettings } from "@/lib/settings/service";
import { audit } from "@/lib/audit/log";
import type { Actor } from "@/lib/auth/session";
import type { ChargeRequest } from "@/lib/upi/schemas";
import { recordTransaction } from "@/lib/ledger/record";
import type { CreateChargeInput } from "./schemas";

type Client = { ip?: string | null; userAgent?: string | null };

export function newReference(prefix = "mc") {
  return `${prefix}-${new Date().toISOString().slice(0, 10).replace(/-/g, "")}-${randomBytes(5).toString("hex")}`;
}

async function ipnUrl() {
  const { publicUrl } = await getSettings();
  return publicUrl ? `${publicUrl.replace(/\/+$/, "")}/api/webhooks/upi` : undefined;
}

function toRequest(input: CreateChargeInput, reference: string, ipn: string | undefined): ChargeRequest {
  return {
    transaction: { reference, amount: input.amount, currency: input.currency, country: input.country, auto_capture: input.autoCapture, note: input.note },
    payment: input.method
      ? {
          method: input.method,
          ...(input.card ? { data: { pan: input.card.pan, expiry: input.card.expiry, cvv: input.card.cvv, first_name: input.card.firstName, last_name: input.card.lastName } } : {}),
          ...(input.vaultToken ? { token: input.vaultToken } : {}),
          ...(input.requestToken ? { request_token: true } : {}),
          ...(input.clients?.length ? { client: input.clients } : {}),
        }
      : undefined,
    consumer: input.consumer
      ? { reference: input.consumer.reference, email: input.consumer.email, first_name: input.consumer.firstName, last_name: input.consumer.lastName }
      : undefined,
    urls: ipn ? { ipn } : undefined,
  };
}

/**
 * A charge from the virtual terminal. Card data goes to the payment service and nowhere
 * else: not into the ledger (only the masked pan the service returns), the audit log or
 * an error message.
 */
export async function createCharge(input: CreateChargeInput, actor: Actor, client: Client) {
  const reference = input.reference ?? newReference();
  const upi = await getUpi();
  const entry = { actor, action: "charge.create", targetType: "charge", amount: input.amount, currency: input.currency, detail: { reference, method: input.method ?? null }, ...client };
  try {
    const charge = await upi.createCharge(toRequest(input, reference, await ipnUrl()));
    await db.$transaction((tx) =>
      recordTransaction(charge, { source: "console", summary: `Charge created by ${actor.email} (${charge.status})`, actorEmail: actor.email, consumerReference: input.consumer?.reference ?? null, cnyFen: input.currency === "CNY" ? input.amount : null }, tx),
    );
    await audit({ ...entry, targetId: charge.id, result: "ok" });
    return charge;
  } catch (error) {
    await audit({ ...entry, result: error instanceof UpiError && error.outcome === "unknown" ? "unknown" : "failed", reason: error instanceof UpiError ? `${error.code} ${error.title}` : "error" });
    if (error instanceof UpiError && error.outcome === "unknown") {
      throw new ApiError("upstream_timeout", `Outcome unknown: the payment service did not answer clearly, so the charge ${reference} may or may not exist. Do not charge again; import it by id once the customer or the service confirms it.`, { upstreamCode: error.code, outcome: "unknown", reference });
    }
    throw error;
  }
}

/** Supplies the method, or changes the amount, of a charge still initiated. */
export async function confirmCharge(chargeToken: string, input: CreateChargeInput, actor: Actor, client: Client) {
  const row = await db.ledgerTransaction.findFirst({ where: { chargeToken }, select: { id: true, reference: true } });
  if (!row?.reference) throw new ApiError("not_found", "No charge with this charge token in the ledger.");
  if (input.reference && input.reference !== row.reference) throw new ApiError("unprocessable_entity", `The reference must stay ${row.reference}.`);
  const upi = await getUpi();
  const charge = await upi.confirmCharge(chargeToken, toRequest(input, row.reference, await ipnUrl()));
  await db.$transaction((tx) => recordTransaction({ ...charge, charge_token: chargeToken }, { source: "console", summary: `Charge confirmed by ${actor.email} (${charge.status})`, actorEmail: actor.email }, tx));
  await audit({ actor, action: "charge.confirm", result: "ok", targetType: "charge", targetId: charge.id, amount: input.amount, currency: input.currency, ...client });
  return charge;
}
