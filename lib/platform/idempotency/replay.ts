import { Conflict, Invalid } from "@/lib/platform/errors";

// What every keyed create and money action answers when its key was seen before, whether the
// key lives in idempotent_requests (once.ts) or on the row the request creates (an operation,
// a declaration) under a unique (requester, key) constraint. Keys are scoped per requester.

/** The same key with other parameters: refused (422), whatever the key first made. */
export const keyReused = (details?: Record<string, unknown>) =>
  new Invalid(
    "This Idempotency-Key was already used for a different request. Send a new key for a new request.",
    "idempotency_key_reused",
    details,
  );

/** The same key while its first request is still being processed (409). */
export const keyInFlight = () =>
  new Conflict(
    "A request with this Idempotency-Key is being processed. Try again in a moment.",
    "idempotency_key_in_flight",
  );

/**
 * What a key found must have been made by this same request (`print`, fingerprint.ts) for the
 * caller to answer it again: another request's is refused. A record from before fingerprints
 * were kept (null) is taken as the same.
 */
export function sameRequest(stored: string | null, print: string, details?: Record<string, unknown>): void {
  if (stored !== null && stored !== print) throw keyReused(details);
}

/** A unique-constraint violation: the key's row was committed by a twin first. */
export const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === "P2002" || String((e as Error)?.message ?? "").includes("Unique constraint");
