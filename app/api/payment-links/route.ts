import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { createPaymentLinkSchema, paymentLinkPageSchema } from "@/lib/payment-links/schemas";
import { createPaymentLink, pagePaymentLinks } from "@/lib/payment-links/service";

// Newest first, a page at a time (`limit`, `cursor` from `nextCursor`).
export const GET = route({ permission: "charges.create", query: paymentLinkPageSchema }, async ({ query }) =>
  pagePaymentLinks(query),
);

// Once per Idempotency-Key: 201, then 200 (replayed) for the same key; 422 for the same key with other parameters.
export const POST = route(
  { permission: "charges.create", body: createPaymentLinkSchema, action: "payment_link.create" },
  async ({ body, actor, req }) => onceResponse(await createPaymentLink(body, idempotencyKey(req), actor)),
);
