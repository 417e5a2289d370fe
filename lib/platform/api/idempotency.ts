import "server-only";
import { z } from "zod";
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/platform/api/errors";
import { json } from "@/lib/platform/api/responses";
import { once, type Once } from "@/lib/platform/idempotency/once";
import { keyed } from "@/lib/platform/keyed";

// The HTTP side of idempotency (the mechanism is lib/platform/idempotency): the header, and a replay's answer.

export const idempotencyKeySchema = z
  .string({
    error: keyed("validation.idempotency.missing"),
  })
  .regex(/^[\w.:-]{8,100}$/, keyed("validation.idempotency.format"));

/** The Idempotency-Key header, or 400. */
export function idempotencyKey(req: Pick<NextRequest, "headers">): string {
  const parsed = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? undefined);
  if (!parsed.success) throw new ApiError("bad_request", parsed.error.issues[0]?.message ?? "Invalid Idempotency-Key");
  return parsed.data;
}

/** The answer of a create: 201 the first time (or `status`), 200 and `Idempotency-Replayed: true` for a replay. */
export function onceResponse({ value, replayed }: Once<unknown>, status = 201): Response {
  return json(value, replayed ? 200 : status, replayed ? { "Idempotency-Replayed": "true" } : undefined);
}

/** A create made once per Idempotency-Key (a note, a subscription, a saved view); without one, as asked. */
export async function createdOnce<T>(
  req: Pick<NextRequest, "headers">,
  scope: { userId: string; action: string; params: unknown },
  run: () => Promise<T>,
): Promise<Response> {
  if (req.headers.get("idempotency-key") === null) return json(await run(), 201);
  return onceResponse(await once({ ...scope, key: idempotencyKey(req) }, () => run()));
}
