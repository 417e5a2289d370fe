import { route } from "@/lib/api/route";
import { idempotencyKey, onceResponse } from "@/lib/api/idempotency";
import { createPaymentLinkSchema } from "@/lib/payment-links/schemas";
import { createPaymentLink, listPaymentLinks } from "@/lib/payment-links/service";

export const GET = route({ permission: "charges.create" }, async () => ({ links: await listPaymentLinks() }));

// Once per Idempotency-Key: 201, then 200 (replayed) for the same key; 422 for the same key with other parameters.
export const POST = route(
  { permission: "charges.create", body: createPaymentLinkSchema, action: "payment_link.create" },
  async ({ body, actor, req }) => onceResponse(await createPaymentLink(body, idempotencyKey(req), actor)),
);
