import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const PAYMENTS_DOCS: RouteArea = {
  area: "Payments",
  about: "The virtual terminal, consults, payment links, stored cards.",
  routes: {
    "GET /api/consults": { does: "installment plans and promotions for an amount (the payment API's consult)" },
    "POST /api/vault": {
      idempotencyKey: true,
      does: 'with an `Idempotency-Key`; `{ reference?, card: { pan, expiry "MM/YY", cvv, firstName, lastName }, billingAddress?: { street?, street2?, city?, state?, country?, zip? }, consumer?: { reference?, email?, phone?, firstName?, lastName?, shippingAddress?: { street?, street2?, city?, state?, country?, zip? } } }` → 201 `{ token }` (the consumer\'s names are sent as given, never copied from the card holder); the pan and cvv go to the payment service only, never into the database, a log line or an answer; 409 for a reference already used (4100)',
    },
    "DELETE /api/vault/{token}": { does: "delete it (status `deleted`); 4204 explained" },
    "POST /api/charges": {
      idempotencyKey: true,
      does: 'with an `Idempotency-Key` (below); virtual terminal: `{ amount (minor units), currency, country?, method?, autoCapture?, card?: { pan, expiry "MM/YY", cvv, firstName?, lastName? }, vaultToken?, requestToken?, clients?, consumer?: { reference?, email?, firstName?, lastName? }, reference?, note? }` → 201 with the charge (redirect methods carry `payment.client[]` links). Card data is passed to the payment service and never stored',
    },
    "POST /api/charges/{chargeToken}/confirm": {
      idempotencyKey: true,
      does: "same body and key rule: supply the method or change the amount of a charge still `initiated`",
    },
    "POST /api/payment-links": {
      idempotencyKey: true,
      does: 'with an `Idempotency-Key`; `{ kind: "hosted"|"pay"|"qr" (/chop/chop, /payment/pay, /payment/pay_qr), vendor: "alipay"|"wechatpay"|"upop", amount (minor units), currency, reference?, callbackUrl? (pay, qr), callbackUrlSuccess?, callbackUrlFail?, mobileResultUrl? (hosted), allowDuplicates? }` → 201 with the link\'s `url` and what it `asked` (spec names); requests `amount_CNY` (not for upop); a reference another link holds → 409 `duplicate_link_reference`',
    },
  },
};
