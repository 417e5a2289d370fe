import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { z } from "zod";
import type { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { ApiError } from "@/lib/platform/api/errors";
import { DomainError, Invariant, OutcomeUnknown, UpstreamError } from "@/lib/platform/errors";
import { secretsKeyring } from "@/lib/platform/config";
import { json } from "@/lib/platform/api/responses";
import type { Prisma } from "@/lib/generated/prisma/client";

// Every create in the console carries an Idempotency-Key: the browser makes one per intent
// and keeps it across retries of that submit. The same person sending the same key again
// gets the first answer (200, replayed); the same key with other parameters gets 422. Keys
// are scoped per user: another user's key never finds someone else's request.

export const idempotencyKeySchema = z
  .string({
    error: "Send an Idempotency-Key header (for example a UUID) with every create, capture, refund and cancel.",
  })
  .regex(/^[\w.:-]{8,100}$/, "The Idempotency-Key is 8 to 100 letters, digits and . : - _");

/** The Idempotency-Key header, or 400. */
export function idempotencyKey(req: Pick<NextRequest, "headers">): string {
  const parsed = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? undefined);
  if (!parsed.success) throw new ApiError("bad_request", parsed.error.issues[0]?.message ?? "Invalid Idempotency-Key");
  return parsed.data;
}

/** JSON with sorted keys, so the same parameters always give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

let fingerprintKey: Buffer | undefined;
/**
 * A keyed HMAC of the parameters: card numbers, CVVs and passwords take part (another card
 * under the same key is 422) but cannot be recovered from the stored value, even by
 * guessing the few digits a card number leaves unknown. The key is derived from SECRETS_KEY.
 */
export function fingerprint(action: string, params: unknown): string {
  if (!fingerprintKey) {
    const ring = secretsKeyring();
    fingerprintKey = Buffer.from(
      hkdfSync("sha256", ring.keys.get(ring.current)!, Buffer.alloc(0), "merchant-console/idempotency-fingerprint", 32),
    );
  }
  return createHmac("sha256", fingerprintKey)
    .update(`${action}\n${canonicalJson(params)}`)
    .digest("hex");
}

/** An answer whose outcome at the service is not known: the request may or may not have happened. */
export function outcomeUnknown(error: unknown): boolean {
  if (error instanceof UpstreamError) return error.outcome === "unknown";
  if (error instanceof OutcomeUnknown) return true;
  if (error instanceof DomainError && !(error instanceof Invariant)) return false; // refused: nothing happened
  if (error instanceof ApiError) return error.details?.outcome === "unknown";
  return true; // an unexpected failure (database, bug) after sending: assume it may have happened
}

export type Once<T> = { value: T; replayed: boolean };
export type Attempt = { reference: string | null; retry: boolean };
type Scope = { userId: string; key: string; action: string; params: unknown; reference?: string | null };

/** How long a twin waits for the first request of its key before answering 409. */
const WAIT_MS = 10_000;
/** A request still in flight after this is taken to have died with its process: retried as unknown. */
const STALE_MS = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `run` at most once per (user, key) while its outcome is known. A definite failure
 * frees the key (nothing happened, the person may try again); an unknown outcome keeps it,
 * and a retry runs again with the first attempt's reference and `retry: true`, so the
 * service's duplicate-reference rule refuses a second charge. `stored` is what a replay
 * answers: never card data.
 */
export async function once<T>(
  scope: Scope,
  run: (attempt: Attempt) => Promise<T>,
  stored: (value: T) => unknown = (v) => v,
): Promise<Once<T>> {
  const print = fingerprint(scope.action, scope.params);
  const where = { userId_key: { userId: scope.userId, key: scope.key } };
  let attempt: Attempt | null = null;
  try {
    const row = await db.idempotentRequest.create({
      data: {
        userId: scope.userId,
        key: scope.key,
        action: scope.action,
        fingerprint: print,
        state: "in_flight",
        reference: scope.reference ?? null,
      },
    });
    attempt = { reference: row.reference, retry: false };
  } catch (error) {
    if ((error as { code?: string })?.code !== "P2002") throw error;
  }
  for (const started = Date.now(); !attempt; ) {
    const row = await db.idempotentRequest.findUnique({ where });
    if (!row) return once(scope, run, stored); // freed by a failure meanwhile: this is a new attempt
    if (row.action !== scope.action || row.fingerprint !== print) {
      throw new ApiError(
        "unprocessable_entity",
        "This Idempotency-Key was already used for a different request. Send a new key for a new request.",
        undefined,
        "errors.rules.idempotency_key_reused",
      );
    }
    if (row.state === "done") return { value: row.response as T, replayed: true };
    const stale = row.state === "in_flight" && Date.now() - row.updatedAt.getTime() > STALE_MS;
    if (row.state === "unknown" || stale) {
      // Claimed by one retry only: a concurrent twin sees it in flight and waits.
      const { count } = await db.idempotentRequest.updateMany({
        where: { id: row.id, state: row.state, updatedAt: row.updatedAt },
        data: { state: "in_flight" },
      });
      if (count === 1) attempt = { reference: row.reference, retry: true };
      continue;
    }
    if (Date.now() - started > WAIT_MS)
      throw new ApiError(
        "conflict",
        "A request with this Idempotency-Key is still being processed. Try again in a moment.",
        undefined,
        "errors.rules.idempotency_key_in_flight",
      );
    await sleep(200);
  }
  let value: T;
  try {
    value = await run(attempt);
  } catch (error) {
    if (outcomeUnknown(error)) await db.idempotentRequest.update({ where, data: { state: "unknown" } });
    else await db.idempotentRequest.delete({ where });
    throw error;
  }
  await db.idempotentRequest.update({
    where,
    data: { state: "done", response: JSON.parse(JSON.stringify(stored(value) ?? null)) as Prisma.InputJsonValue },
  });
  return { value, replayed: false };
}

/** The answer of a create: 201 the first time (or `status`), 200 and `Idempotency-Replayed: true` for a replay. */
export function onceResponse({ value, replayed }: Once<unknown>, status = 201): Response {
  return json(value, replayed ? 200 : status, replayed ? { "Idempotency-Replayed": "true" } : undefined);
}

/**
 * Keys are kept as long as a person or a browser might retry: a week for settled requests,
 * a month for those whose outcome stayed unknown (their reference is what stops a second
 * charge). Run by the daily retention job.
 */
export async function pruneIdempotentRequests(now = new Date()): Promise<number> {
  const day = 86_400_000;
  const { count } = await db.idempotentRequest.deleteMany({
    where: {
      OR: [
        { state: { not: "unknown" }, updatedAt: { lt: new Date(now.getTime() - 7 * day) } },
        { state: "unknown", updatedAt: { lt: new Date(now.getTime() - 30 * day) } },
      ],
    },
  });
  return count;
}
