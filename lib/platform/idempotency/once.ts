import "server-only";
import { db } from "@/lib/platform/db";
import { audit, type AuditEntry } from "@/lib/platform/audit/log";
import { log } from "@/lib/platform/log";
import { DomainError, Invariant, OutcomeUnknown, UpstreamError } from "@/lib/platform/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { fingerprint } from "./fingerprint";
import { isUniqueViolation, keyInFlight, sameRequest } from "./replay";

/** An error after which the request may or may not have happened at the service. */
export function outcomeUnknown(error: unknown): boolean {
  if (error instanceof UpstreamError) return error.outcome === "unknown";
  if (error instanceof OutcomeUnknown) return true;
  if (error instanceof DomainError) return error instanceof Invariant;
  return true;
}

export type Once<T> = { value: T; replayed: boolean };
/** `known`: what the service answered an attempt whose recording then failed; a retry reads it by inquiry. */
export type Attempt = { reference: string | null; retry: boolean; known?: Known };
export type Known = Record<string, string>;

/** The service did it and the console failed to record it: unknown, never a failure (ADR 0016). */
export const unrecorded = (what: string, reference: string, known: Known) =>
  new OutcomeUnknown(
    `Outcome unknown: the payment service accepted ${what} ${reference} (${Object.values(known).join(", ")}), but the console could not record it. Do not start it again: send the same request again to record it.`,
    "not_recorded",
    { reference, known },
  );

/** Records what the service answered; a failure to is the unrecorded unknown outcome (logged, audited, thrown). */
export async function recordedOrUnknown<T>(
  sent: { what: string; reference: string; known: Known; audited?: Omit<AuditEntry, "result"> },
  record: () => Promise<T>,
): Promise<T> {
  try {
    return await record();
  } catch (error) {
    log.error({ err: error, reference: sent.reference }, `${sent.what} the service accepted was not recorded`);
    if (sent.audited)
      await audit({ ...sent.audited, result: "unknown", reason: "not recorded" }).catch(() => undefined);
    throw unrecorded(sent.what, sent.reference, sent.known);
  }
}

function knownOf(value: unknown): Known | undefined {
  const known = (value as { known?: unknown } | null)?.known;
  if (!known || typeof known !== "object") return undefined;
  const entries = Object.entries(known).filter(([, v]) => typeof v === "string");
  return entries.length ? (Object.fromEntries(entries) as Known) : undefined;
}
type Scope = { userId: string; key: string; action: string; params: unknown; reference?: string | null };

/** How long a twin waits for the first request of its key before answering in flight. */
const WAIT_MS = 10_000;
/** A request still in flight after this is taken to have died with its process: retried as unknown. */
const STALE_MS = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** At most once per (user, key) while the outcome is known; unknown keeps the key and reference (ADR 0016). */
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
    if (!isUniqueViolation(error)) throw error;
  }
  for (const started = Date.now(); !attempt; ) {
    const row = await db.idempotentRequest.findUnique({ where });
    if (!row) return once(scope, run, stored); // freed by a failure meanwhile: this is a new attempt
    sameRequest(row.fingerprint, print);
    if (row.state === "done") return { value: row.response as T, replayed: true };
    const stale = row.state === "in_flight" && Date.now() - row.updatedAt.getTime() > STALE_MS;
    if (row.state === "unknown" || stale) {
      const { count } = await db.idempotentRequest.updateMany({
        where: { id: row.id, state: row.state, updatedAt: row.updatedAt },
        data: { state: "in_flight" },
      });
      if (count === 1) attempt = { reference: row.reference, retry: true, known: knownOf(row.response) };
      continue;
    }
    if (Date.now() - started > WAIT_MS) throw keyInFlight();
    await sleep(200);
  }
  let value: T;
  try {
    value = await run(attempt);
  } catch (error) {
    if (outcomeUnknown(error)) {
      const known = error instanceof OutcomeUnknown ? knownOf(error.details) : undefined;
      await db.idempotentRequest.update({
        where,
        data: { state: "unknown", ...(known ? { response: { known } } : {}) },
      });
    } else await db.idempotentRequest.delete({ where });
    throw error;
  }
  await db.idempotentRequest.update({
    where,
    data: { state: "done", response: JSON.parse(JSON.stringify(stored(value) ?? null)) as Prisma.InputJsonValue },
  });
  return { value, replayed: false };
}

/** Keys kept a week when settled, a month when the outcome stayed unknown (their reference stops a second charge). */
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
