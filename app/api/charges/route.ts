import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { createChargeSchema } from "@/lib/charges/schemas";
import { createCharge } from "@/lib/charges/service";

// Once per Idempotency-Key: 201, then 200 (replayed) for the same key; 422 for the same key with other parameters.
export const POST = route(
  { permission: "charges.create", body: createChargeSchema, action: "charge.create" },
  async ({ body, actor, req }) => onceResponse(await createCharge(body, idempotencyKey(req), actor)),
);
