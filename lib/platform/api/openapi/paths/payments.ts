import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const PAYMENTS_DOCS: RouteArea = {
  area: "Payments",
  about: "The virtual terminal, consults, payment links, stored cards.",
  routes: {
    "GET /api/consults": { does: "installment plans and promotions for an amount (the payment API's consult)" },
    "POST /api/charges": {
      idempotencyKey: true,
      does: 'with an `Idempotency-Key` (below); virtual terminal: `{ amount (minor units), currency, country?, method?, autoCapture?, card?: { pan, expiry "MM/YY", cvv, firstName?, lastName? }, vaultToken?, requestToken?, clients?, consumer?: { reference?, email?, firstName?, lastName? }, reference?, note? }` → 201 with the charge (redirect methods carry `payment.client[]` links). Card data is passed to the payment service and never stored',
    },
    "POST /api/charges/{chargeToken}/confirm": {
      idempotencyKey: true,
      does: "same body and key rule: supply the method or change the amount of a charge still `initiated`",
    },
  },
};
