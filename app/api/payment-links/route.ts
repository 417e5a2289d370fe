import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { createPaymentLinkSchema, paymentLinkPageSchema } from "@/lib/payment-links/schemas";
import { createPaymentLink, pagePaymentLinks } from "@/lib/payment-links/service";
import { paymentLinkListSchema } from "@/lib/payment-links/answers";

export const GET = route(
  {
    response: paymentLinkListSchema,
    doc: {
      tag: "Payments",
      summary: "List payment links",
      description:
        "the links, newest first, a page at a time (`limit` 1–200, default 50): `{ links, nextCursor, older }`",
    },
    permission: "charges.create",
    query: paymentLinkPageSchema,
  },
  async ({ query }) => pagePaymentLinks(query),
);

// Once per Idempotency-Key: 201, then 200 (replayed) for the same key; 422 for the same key with other parameters.
export const POST = route(
  { permission: "charges.create", body: createPaymentLinkSchema, action: "payment_link.create" },
  async ({ body, actor, req }) => onceResponse(await createPaymentLink(body, idempotencyKey(req), actor)),
);
