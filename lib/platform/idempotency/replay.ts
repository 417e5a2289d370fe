import { Conflict, Invalid } from "@/lib/platform/errors";

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

/** A key found answers again only if this same request made it (`print`); a record without one counts as same. */
export function sameRequest(stored: string | null, print: string, details?: Record<string, unknown>): void {
  if (stored !== null && stored !== print) throw keyReused(details);
}

/** A unique-constraint violation (Prisma's or pg's): the key's row was committed by a twin first. */
export const isUniqueViolation = (e: unknown) =>
  ["P2002", "23505"].includes((e as { code?: string })?.code ?? "") ||
  String((e as Error)?.message ?? "").includes("Unique constraint");
