import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { createChargeSchema } from "@/lib/charges/schemas";
import { createCharge } from "@/lib/charges/service";
import { chargeAnswerSchema } from "@/lib/charges/answers";

// Once per Idempotency-Key: 201, then 200 (replayed) for the same key; 422 for the same key with other parameters.
export const POST = route(
  {
    response: chargeAnswerSchema,
    doc: {
      tag: "Payments",
      summary: "Charge from the virtual terminal",
      description:
        'with an `Idempotency-Key` (below); virtual terminal: `{ amount (minor units), currency, country?, method?, autoCapture?, card?: { pan, expiry "MM/YY", cvv, firstName?, lastName? }, vaultToken?, requestToken?, clients?, consumer?: { reference?, email?, firstName?, lastName? }, reference?, note? }` → 201 with the charge (redirect methods carry `payment.client[]` links). Card data is passed to the payment service and never stored (the charge as the payment service answers it, its other fields passed on)',
      idempotencyKey: true,
      status: 201,
    },
    permission: "charges.create",
    body: createChargeSchema,
    action: "charge.create",
  },
  async ({ body, actor, req }) => onceResponse(await createCharge(body, idempotencyKey(req), actor)),
);
