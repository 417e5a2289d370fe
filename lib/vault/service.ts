import "server-only";
import { db } from "@/lib/platform/db";
import { Conflict, Invalid, NotFound, OutcomeUnknown, type DomainError } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { newReference } from "@/lib/reference";
import { maskPan } from "@/lib/ledger";
import {
  getUpi,
  UpiError,
  auditReason,
  explainedCode,
  mayHaveHappened,
  type VaultToken as ApiToken,
  parseApiTime,
} from "@/lib/upi";
import type { Prisma } from "@/lib/generated/prisma/client";
import { type Attempt, once, type Once, recordedOrUnknown, unrecorded } from "@/lib/platform/idempotency/once";
import type { VaultAddInput } from "./schemas";
import { consumerNameOf, vaultAddBody } from "./add-body";

type Known = { consumerReference?: string | null; consumerEmail?: string | null; consumerName?: string | null };

function rowOf(t: ApiToken, source: string) {
  const pan = t.payment?.data?.pan ?? null;
  return {
    reference: t.reference ?? null,
    method: t.payment?.method ?? null,
    brand: t.payment?.type ?? null,
    panMasked: pan && /\d{12,}/.test(pan) ? maskPan(pan) : pan,
    expiry: t.payment?.data?.expiry ?? null,
    status: t.status,
    country: t.country ?? null,
    source,
    timeCreated: parseApiTime(t.time_created),
    deletedAt: t.status === "deleted" ? new Date() : null,
    lastSyncedAt: new Date(),
  };
}

export async function save(t: ApiToken, source: string, known: Known = {}, tx: Pick<typeof db, "vaultToken"> = db) {
  const row = rowOf(t, source);
  const { source: _source, ...update } = row;
  // Deleted since the last look: the date it was first seen deleted, kept on later looks.
  const before = t.status === "deleted" ? await tx.vaultToken.findUnique({ where: { token: t.token } }) : null;
  return tx.vaultToken.upsert({
    where: { token: t.token },
    create: { token: t.token, ...row, ...known },
    update: {
      ...update,
      deletedAt: t.status === "deleted" ? (before?.deletedAt ?? row.deletedAt) : null,
      ...Object.fromEntries(Object.entries(known).filter(([, v]) => v)),
    },
  });
}

/** An upstream message may echo what was sent: never let a card number through. */
const scrubDigits = (text: string) => text.replace(/\d[\d\s-]{10,}\d/g, (m) => maskPan(m));

function vaultError(error: unknown): unknown {
  if (!(error instanceof UpiError)) return error;
  const known: Record<
    string,
    [new (message: string, rule?: string, details?: Record<string, unknown>) => DomainError, string | undefined, string]
  > = {
    "4100": [
      Conflict,
      "duplicate_reference",
      "A stored card already uses this reference. Choose another reference, or leave it empty and the console makes one.",
    ],
    "4204": [
      Invalid,
      "token_not_deletable",
      "The payment service could not delete this token: it may already be deleted. Refresh it to see its status.",
    ],
    "4206": [
      Invalid,
      "card_not_stored",
      "The payment service could not store this card. Check the number, the expiry and the CVV.",
    ],
    "4103": [NotFound, undefined, "The payment service does not know this token."],
  };
  const refusal = known[error.code];
  if (!refusal) return Object.assign(error, { upstreamMessage: scrubDigits(error.upstreamMessage) });
  const [Kind, rule, message] = refusal;
  return new Kind(message, rule, { service: "payment", upstreamCode: error.code });
}

export function tokenView(t: Prisma.VaultTokenGetPayload<object>) {
  return {
    token: t.token,
    reference: t.reference,
    method: t.method,
    brand: t.brand,
    panMasked: t.panMasked,
    expiry: t.expiry,
    status: t.status,
    country: t.country,
    consumerReference: t.consumerReference,
    consumerEmail: t.consumerEmail,
    consumerName: t.consumerName,
    source: t.source,
    timeCreated: (t.timeCreated ?? t.createdAt).toISOString(),
    deletedAt: t.deletedAt?.toISOString() ?? null,
    lastSyncedAt: t.lastSyncedAt?.toISOString() ?? null,
  };
}
export type TokenView = ReturnType<typeof tokenView>;

/** Adds a card once per Idempotency-Key. */
export function addToken(input: VaultAddInput, key: string, actor: Actor): Promise<Once<TokenView>> {
  return once(
    {
      userId: actor.user.id,
      key,
      action: "vault.add",
      params: input,
      reference: input.reference ?? newReference("vt"),
    },
    ({ reference, ...attempt }) => storeCard(input, reference!, attempt, actor),
  );
}

async function storeCard(input: VaultAddInput, reference: string, attempt: Omit<Attempt, "reference">, actor: Actor) {
  const consumerName = consumerNameOf(input);
  const entry = {
    actor,
    action: "vault.add",
    targetType: "vault",
    detail: { reference, last4: input.card.pan.slice(-4) },
  };
  const upi = await getUpi();
  let t: Awaited<ReturnType<typeof upi.vaultAdd>>;
  try {
    t = attempt.known?.token
      ? await upi.vaultGet(attempt.known.token)
      : await upi.vaultAdd(vaultAddBody(input, reference));
  } catch (error) {
    const unknown = attempt.known !== undefined || mayHaveHappened(error, attempt.retry);
    await audit({ ...entry, result: unknown ? "unknown" : "failed", reason: auditReason(error) });
    if (attempt.known) throw unrecorded("the card", reference, attempt.known);
    if (unknown) {
      throw new OutcomeUnknown(
        `Outcome unknown: the payment service did not answer clearly, so the card (reference ${reference}) may or may not be stored. Send the same request again, or look for the reference in the vault list before adding it anew.`,
        undefined,
        { upstreamCode: (error as UpiError).code, reference },
      );
    }
    throw vaultError(error);
  }
  // From here the service holds the card: a failure of ours leaves the outcome unknown.
  const audited = { ...entry, targetId: t.token };
  return recordedOrUnknown({ what: "the card", reference, known: { token: t.token }, audited }, async () => {
    const saved = await save(t, "add", {
      consumerReference: input.consumer?.reference ?? null,
      consumerEmail: input.consumer?.email ?? null,
      consumerName,
    });
    await audit({ ...audited, result: "ok" });
    return tokenView(saved);
  });
}

/** Whether the console or the service knows this token (else its page is a 404); a service fault is the page's to explain. */
export async function tokenKnown(token: string): Promise<boolean> {
  if ((await db.vaultToken.count({ where: { token } })) > 0) return true;
  return (await getUpi()).vaultGet(token).then(
    () => true,
    (error) => !(vaultError(error) instanceof NotFound),
  );
}

/** Inquires the token afresh, and lists the ledger's charges paid with it. */
export async function inspectToken(token: string) {
  let syncError: string | null = null;
  let syncErrorKey: string | null = null;
  try {
    await save(await (await getUpi()).vaultGet(token), "list");
  } catch (error) {
    const mapped = vaultError(error);
    const stored = await db.vaultToken.findUnique({ where: { token } });
    if (!stored) throw mapped;
    syncError = mapped instanceof Error ? mapped.message : "The token could not be read from the payment service.";
    syncErrorKey = explainedCode(error);
  }
  const row = await db.vaultToken.findUniqueOrThrow({ where: { token } });
  const charges = await db.ledgerTransaction.findMany({
    where: { vaultToken: token, type: "charge" },
    orderBy: { timeCreated: "desc" },
    take: 50,
  });
  return {
    token: tokenView(row),
    syncError,
    syncErrorKey,
    charges: charges.map((c) => ({
      id: c.id,
      reference: c.reference,
      status: c.status,
      amount: Number(c.amount),
      currency: c.currency,
      timeCreated: c.timeCreated.toISOString(),
    })),
  };
}

export async function deleteToken(token: string, actor: Actor) {
  const entry = { actor, action: "vault.delete", targetType: "vault", targetId: token };
  try {
    const t = await (await getUpi()).vaultDelete(token);
    const saved = await save({ ...t, status: "deleted" }, "list");
    await audit({ ...entry, result: "ok" });
    return tokenView(saved);
  } catch (error) {
    await audit({
      ...entry,
      result: "failed",
      reason: auditReason(error),
    });
    throw vaultError(error);
  }
}
