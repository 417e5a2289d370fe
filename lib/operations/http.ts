import "server-only";
import { json } from "@/lib/api/responses";
import { failureError, type RequestResult } from "./service";

/** The Idempotency-Key header every capture, refund and cancel must carry (the shared rule). */
export { idempotencyKey } from "@/lib/api/idempotency";

/**
 * One answer per outcome, the same on a replay: 201 done or waiting for approval, 202 in
 * flight or unknown (being checked), 200 for a replayed key, and an error for a failure.
 */
export function operationResponse({ operation, replayed }: RequestResult): Response {
  if (operation.status === "failed") throw failureError(operation);
  const status = replayed ? 200 : operation.status === "unknown" || operation.status === "pending" ? 202 : 201;
  return json({ operation, replayed }, status);
}
