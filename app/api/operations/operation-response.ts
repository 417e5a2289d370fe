import "server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/platform/api/errors";
import { json } from "@/lib/platform/api/responses";
import { upstreamToApiError } from "@/lib/platform/api/to-api-error";
import { UpiError } from "@/lib/upi";
import type { RequestResult } from "@/lib/operations/request";
import type { OperationView } from "@/lib/operations/view";
import type { operationResultSchema } from "@/lib/operations/answers";

// How a capture, refund or cancel (lib/operations) is answered over HTTP.

/** Turns a failed operation into the API's error answer (the same one on every replay). */
export function failureError(op: OperationView): ApiError {
  const upstream = upstreamToApiError(new UpiError(op.errorCode ?? "4101", null, "", "failed"));
  return new ApiError(upstream?.code ?? "unprocessable_entity", op.message, { ...upstream?.details, operation: op });
}

/**
 * One answer per outcome, the same on a replay: 201 done or waiting for approval, 202 in
 * flight or unknown (being checked), 200 for a replayed key, and an error for a failure.
 */
export function operationResponse({ operation, replayed }: RequestResult): Response {
  if (operation.status === "failed") throw failureError(operation);
  const status = replayed ? 200 : operation.status === "unknown" || operation.status === "pending" ? 202 : 201;
  return json({ operation, replayed } satisfies z.output<typeof operationResultSchema>, status);
}
