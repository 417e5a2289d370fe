import type { ChargeRequest } from "@/lib/upi";
import type { CreateChargeInput } from "./schemas";

type Dict = Record<string, unknown>;

/** urls.ipn: where the service posts notifications, from the console's public URL (settings). */
export const webhookUrl = (publicUrl: string | null | undefined) =>
  publicUrl ? `${publicUrl.replace(/\/+$/, "")}/api/webhooks/upi` : undefined;

function some<T extends Dict>(o: T): T | undefined {
  const kept = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  return Object.keys(kept).length ? kept : undefined;
}

const address = (a: {
  street?: string;
  street2?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}) => some({ street: a.street, street2: a.street2, city: a.city, state: a.state, zip: a.zip, country: a.country });

function goodsOf(input: CreateChargeInput) {
  const s = input.shipping;
  const shipping = s
    ? some({
        first_name: s.firstName,
        last_name: s.lastName,
        phone: s.phone,
        email: s.email,
        ...address(s),
      })
    : undefined;
  const data = input.goods?.map((line) =>
    some({
      name: line.name,
      sku: line.sku,
      url: line.url,
      quantity: line.quantity,
      unit_amount: line.unitAmount,
      total_amount: line.totalAmount,
      total_tax_rate: line.totalTaxRate,
      total_tax_amount: line.totalTaxAmount,
      total_discount_amount: line.totalDiscountAmount,
      taxable_amount: line.taxableAmount,
      tax_exempt_amount: line.taxExemptAmount,
    }),
  );
  return some({ data: data?.length ? data : undefined, shipping });
}

function paymentOf(input: CreateChargeInput) {
  const card = input.card;
  const t = input.threeDs;
  return some({
    method: input.method || undefined,
    indicator: input.indicator,
    data: card
      ? some({
          pan: card.pan,
          expiry: card.expiry,
          cvv: card.cvv,
          first_name: card.firstName,
          last_name: card.lastName,
        })
      : undefined,
    token: input.vaultToken,
    request_token: input.requestToken ? true : undefined,
    timeout: input.timeout,
    client: input.clients?.length ? input.clients : undefined,
    billing_address: input.billingAddress ? address(input.billingAddress) : undefined,
    "3ds1": t
      ? some({
          indicator: t.indicator,
          authentication: t.authentication,
          id: t.id,
          version: t.version,
          tranx_id: t.tranxId,
        })
      : undefined,
  });
}

function extOf(input: CreateChargeInput) {
  const d = input.device;
  const c = input.clientApp;
  return some({
    device: d ? some({ id: d.id, ip: d.ip, fingerprint: d.fingerprint }) : undefined,
    client: c ? some({ app: c.app, version: c.version }) : undefined,
  });
}

function installmentsOf(input: CreateChargeInput) {
  const i = input.installments;
  return i
    ? some({
        id: i.id,
        payment_number: i.paymentNumber,
        quantity: i.quantity,
        promo: i.promo?.length ? i.promo : undefined,
      })
    : undefined;
}

export function chargeRequest(input: CreateChargeInput, reference: string, ipn: string | undefined): ChargeRequest {
  const consumer = input.consumer;
  const shipping = input.shipping;
  const body = {
    transaction: some({
      reference,
      amount: input.amount,
      currency: input.currency,
      country: input.country,
      auto_capture: input.autoCapture,
      note: input.note,
      locale: input.locale,
    })!,
    payment: paymentOf(input),
    consumer: consumer
      ? some({
          reference: consumer.reference,
          first_name: consumer.firstName,
          last_name: consumer.lastName,
          phone: consumer.phone,
          email: consumer.email,
          ext_data: consumer.documentId ? { document_id: consumer.documentId } : undefined,
        })
      : undefined,
    goods: goodsOf(input),
    installments: installmentsOf(input),
    shipping_address: shipping
      ? some({ vendor: shipping.vendor, tracking: shipping.tracking, ...address(shipping) })
      : undefined,
    urls: some({ ...input.urls, ipn }),
    ext: extOf(input),
  };
  return some(body) as ChargeRequest;
}

/** The request as a person may see it: the card number masked to its last four, no cvv. */
export function maskedRequest(request: ChargeRequest): ChargeRequest {
  const data = request.payment?.data;
  if (!data) return request;
  const { cvv: _cvv, ...kept } = data;
  return { ...request, payment: { ...request.payment, data: { ...kept, pan: `****${data.pan.slice(-4)}` } as never } };
}
