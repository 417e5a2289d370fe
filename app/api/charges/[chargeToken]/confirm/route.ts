import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { chargeTokenSchema, createChargeSchema } from "@/lib/charges/schemas";
import { confirmCharge } from "@/lib/charges/service";

// Once per Idempotency-Key, like a create; the first answer is 200.
export const POST = route(
  { permission: "charges.create", params: chargeTokenSchema, body: createChargeSchema, action: "charge.confirm" },
  async ({ params, body, actor, req }) =>
    onceResponse(await confirmCharge(params.chargeToken, body, idempotencyKey(req), actor), 200),
);
