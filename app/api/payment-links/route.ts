import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { createPaymentLinkSchema, paymentLinkPageSchema } from "@/lib/payment-links/schemas";
import { createPaymentLink, pagePaymentLinks } from "@/lib/payment-links/service";
import { paymentLinkListSchema, paymentLinkViewSchema } from "@/lib/payment-links/answers";

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

export const POST = route(
  {
    response: paymentLinkViewSchema,
    doc: {
      tag: "Payments",
      summary: "Create a payment link",
      description:
        'with an `Idempotency-Key` (201, then 200 for a replay; the same key with other parameters is 422); `{ kind: "hosted"|"pay"|"qr" (/chop/chop, /payment/pay, /payment/pay_qr), vendor: "alipay"|"wechatpay"|"upop", amount (minor units), currency, reference?, callbackUrl? (pay, qr), callbackUrlSuccess?, callbackUrlFail?, mobileResultUrl? (hosted), allowDuplicates? }` → 201 with the link\'s `url` and what it `asked` (spec names); requests `amount_CNY` (not for upop); a reference another link holds → 409 `duplicate_link_reference`',
      idempotencyKey: true,
      status: 201,
      errors: ["conflict", "upstream_error"],
    },
    permission: "charges.create",
    body: createPaymentLinkSchema,
    action: "payment_link.create",
  },
  async ({ body, actor, req }) => onceResponse(await createPaymentLink(body, idempotencyKey(req), actor)),
);
