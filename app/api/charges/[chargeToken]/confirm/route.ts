import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { chargeTokenSchema, createChargeSchema } from "@/lib/charges/schemas";
import { confirmCharge } from "@/lib/charges/service";
import { chargeAnswerSchema } from "@/lib/charges/answers";

// Once per Idempotency-Key, like a create; the first answer is 200.
export const POST = route(
  {
    response: chargeAnswerSchema,
    doc: {
      tag: "Payments",
      summary: "Confirm a charge still initiated",
      description:
        "same body and key rule: supply the method or change the amount of a charge still `initiated` → 200 with the charge as the payment service answers it",
      idempotencyKey: true,
    },
    permission: "charges.create",
    params: chargeTokenSchema,
    body: createChargeSchema,
    action: "charge.confirm",
  },
  async ({ params, body, actor, req }) =>
    onceResponse(await confirmCharge(params.chargeToken, body, idempotencyKey(req), actor), 200),
);
