import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { idempotencyKeySchema } from "./schemas";
import { failureError, type RequestResult } from "./service";

/** The Idempotency-Key header every capture, refund and cancel must carry. */
export function idempotencyKey(req: NextRequest): string {
  const parsed = idempotencyKeySchema.safeParse(req.headers.get("idempotency-key") ?? undefined);
  if (!parsed.success) throw new ApiError("bad_request", parsed.error.issues[0]?.message ?? "Invalid Idempotency-Key");
  return parsed.data;
}

/**
 * One answer per outcome, the same on a replay: 201 done or waiting for approval, 202 in
 * flight or unknown (being checked), 200 for a replayed key, and an error for a failure.
 */
export function operationResponse({ operation, replayed }: RequestResult): Response {
  if (operation.status === "failed") throw failureError(operation);
  const status = replayed ? 200 : operation.status === "unknown" || operation.status === "pending" ? 202 : 201;
  return NextResponse.json({ operation, replayed }, { status, headers: { "Cache-Control": "no-store" } });
}
