import { describe, expect, it } from "vitest";
import { chargeFormSchema, createChargeSchema } from "./schemas";
import { chargeRequest, maskedRequest } from "./request";

// Every field of the spec's charge the terminal takes reaches the provider's body in the spec's
// shape (snake_case, under its object), and a bad value is refused at its field with words
// that name the spec's field.

const full = {
  amount: 12_000,
  currency: "EUR",
  country: "DE",
  method: "card",
  autoCapture: false,
  card: { pan: "4111 1111 1111 1111", expiry: "12/30", cvv: "737", firstName: "Vera", lastName: "Lind" },
  requestToken: true,
  consumer: {
    reference: "cust-9",
    email: "vera@example.com",
    firstName: "Vera",
    lastName: "Lind",
    phone: "+49 30 1234567",
    documentId: "DE-ID-778",
  },
  note: "phone order",
  locale: "de-DE",
  indicator: "authenticated ecommerce",
  timeout: 1200,
  threeDs: {
    indicator: "05",
    authentication: "AAABBJg0VhI0VniQEjRWAAAAAAA=",
    id: "3ds-1",
    version: "2.2.0",
    tranxId: "tx-9",
  },
  billingAddress: {
    street: "Unter den Linden 1",
    street2: "Hof 2",
    city: "Berlin",
    state: "BE",
    zip: "10117",
    country: "DE",
  },
  shipping: {
    firstName: "Ola",
    lastName: "Lind",
    phone: "+49 30 7654321",
    email: "ola@example.com",
    street: "Torstr. 5",
    city: "Berlin",
    zip: "10119",
    country: "DE",
    vendor: "DHL",
    tracking: "JJD000390007",
  },
  goods: [
    {
      name: "Tea",
      sku: "T-1",
      url: "https://shop.example/tea",
      quantity: 2,
      unitAmount: 4000,
      totalAmount: 8000,
      totalTaxRate: 1900,
      totalTaxAmount: 1277,
      totalDiscountAmount: 0,
      taxableAmount: 6723,
      taxExemptAmount: 0,
    },
    { name: "Cup", quantity: 1, unitAmount: 4000, totalAmount: 4000 },
  ],
  urls: {
    success: "https://shop.example/ok",
    fail: "https://shop.example/fail",
    cancel: "https://shop.example/cancel",
    mobile: "https://m.shop.example/back",
  },
  clients: ["mobile_browser"],
  device: { id: "dev-1", ip: "203.0.113.9", fingerprint: "fp-abc" },
  clientApp: { app: "shop-ios", version: "4.2.1" },
  installments: { id: "plan-6", paymentNumber: 6, quantity: 6, promo: ["SANDBOX5"] },
};

describe("chargeRequest", () => {
  it("puts every field where the spec has it", () => {
    const input = createChargeSchema.parse(full);
    expect(chargeRequest(input, "ref-1", "https://console.example/api/webhooks/upi")).toEqual({
      transaction: {
        reference: "ref-1",
        amount: 12_000,
        currency: "EUR",
        country: "DE",
        auto_capture: false,
        note: "phone order",
        locale: "de-DE",
      },
      payment: {
        method: "card",
        indicator: "authenticated ecommerce",
        data: { pan: "4111111111111111", expiry: "12/30", cvv: "737", first_name: "Vera", last_name: "Lind" },
        request_token: true,
        timeout: 1200,
        client: ["mobile_browser"],
        billing_address: {
          street: "Unter den Linden 1",
          street2: "Hof 2",
          city: "Berlin",
          state: "BE",
          zip: "10117",
          country: "DE",
        },
        "3ds1": {
          indicator: "05",
          authentication: "AAABBJg0VhI0VniQEjRWAAAAAAA=",
          id: "3ds-1",
          version: "2.2.0",
          tranx_id: "tx-9",
        },
      },
      consumer: {
        reference: "cust-9",
        first_name: "Vera",
        last_name: "Lind",
        phone: "+49 30 1234567",
        email: "vera@example.com",
        ext_data: { document_id: "DE-ID-778" },
      },
      goods: {
        data: [
          {
            name: "Tea",
            sku: "T-1",
            url: "https://shop.example/tea",
            quantity: 2,
            unit_amount: 4000,
            total_amount: 8000,
            total_tax_rate: 1900,
            total_tax_amount: 1277,
            total_discount_amount: 0,
            taxable_amount: 6723,
            tax_exempt_amount: 0,
          },
          { name: "Cup", quantity: 1, unit_amount: 4000, total_amount: 4000 },
        ],
        shipping: {
          first_name: "Ola",
          last_name: "Lind",
          phone: "+49 30 7654321",
          email: "ola@example.com",
          street: "Torstr. 5",
          city: "Berlin",
          zip: "10119",
          country: "DE",
        },
      },
      installments: { id: "plan-6", payment_number: 6, quantity: 6, promo: ["SANDBOX5"] },
      shipping_address: {
        vendor: "DHL",
        tracking: "JJD000390007",
        street: "Torstr. 5",
        city: "Berlin",
        zip: "10119",
        country: "DE",
      },
      urls: {
        success: "https://shop.example/ok",
        fail: "https://shop.example/fail",
        cancel: "https://shop.example/cancel",
        mobile: "https://m.shop.example/back",
        ipn: "https://console.example/api/webhooks/upi",
      },
      ext: {
        device: { id: "dev-1", ip: "203.0.113.9", fingerprint: "fp-abc" },
        client: { app: "shop-ios", version: "4.2.1" },
      },
    });
  });

  it("sends a simple charge as before: no empty objects", () => {
    const input = createChargeSchema.parse({ amount: 500, currency: "USD", method: "alipay" });
    expect(chargeRequest(input, "ref-2", undefined)).toEqual({
      transaction: { reference: "ref-2", amount: 500, currency: "USD", auto_capture: false },
      payment: { method: "alipay" },
    });
    const paidWithToken = createChargeSchema.parse({
      amount: 500,
      currency: "USD",
      method: "card",
      vaultToken: "vt_1",
    });
    expect(chargeRequest(paidWithToken, "ref-3", undefined).payment).toEqual({ method: "card", token: "vt_1" });
  });

  // The review's finding: with the method left for confirm, the page showed and checked these
  // sections, and the body dropped them silently.
  it("sends the payment fields of a charge whose method is chosen at confirm, without a method", () => {
    const input = createChargeSchema.parse({
      amount: 500,
      currency: "USD",
      billingAddress: { street: "1 Main St", city: "Springfield", country: "US", zip: "12345" },
      clients: ["mobile_browser"],
      timeout: 900,
    });
    expect(chargeRequest(input, "ref-4", undefined).payment).toEqual({
      billing_address: { street: "1 Main St", city: "Springfield", country: "US", zip: "12345" },
      client: ["mobile_browser"],
      timeout: 900,
    });
    expect(chargeRequest(createChargeSchema.parse({ amount: 500, currency: "USD" }), "ref-5", undefined).payment).toBe(
      undefined,
    );
  });

  it("masks the card number to its last four and never shows the cvv", () => {
    const shown = maskedRequest(chargeRequest(createChargeSchema.parse(full), "ref-1", undefined));
    expect(shown.payment?.data).toEqual({ pan: "****1111", expiry: "12/30", first_name: "Vera", last_name: "Lind" });
    expect(JSON.stringify(shown)).not.toMatch(/4111111111111111|737"/);
  });
});

describe("createChargeSchema: the new fields", () => {
  const problem = (patch: Record<string, unknown>) => {
    const r = createChargeSchema.safeParse({ ...full, ...patch });
    return r.success ? null : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it.each([
    [
      { billingAddress: { country: "Germany" } },
      "billingAddress.country: validation.charge.country",
      "payment.billing_address.country",
    ],
    [{ billingAddress: { zip: "10117!" } }, "billingAddress.zip: validation.charge.zip", "payment.billing_address.zip"],
    [
      { billingAddress: { street: "x".repeat(129) } },
      "billingAddress.street: validation.charge.tooLong",
      "payment.billing_address.street",
    ],
    [{ consumer: { phone: "call me" } }, "consumer.phone: validation.charge.phone", "consumer.phone"],
    [
      { consumer: { documentId: "x".repeat(65) } },
      "consumer.documentId: validation.charge.tooLong",
      "consumer.ext_data.document_id",
    ],
    [{ urls: { success: "javascript:alert(1)" } }, "urls.success: validation.charge.url", "urls.success"],
    [{ device: { ip: "300.1.1.1" } }, "device.ip: validation.charge.ip", ""],
    [{ locale: "english please" }, "locale: validation.charge.locale", ""],
    [{ timeout: 0 }, "timeout: validation.charge.timeout", ""],
    [{ timeout: 1.5 }, "timeout: validation.charge.timeout", ""],
    [{ threeDs: { version: "two" } }, "threeDs.version: validation.charge.version", "payment.3ds1.version"],
    [
      { goods: [{ name: "", quantity: 1, unitAmount: 1, totalAmount: 1 }] },
      "goods.0.name: validation.charge.required",
      "",
    ],
    [
      { goods: [{ name: "Tea", quantity: 0, unitAmount: 1, totalAmount: 1 }] },
      "goods.0.quantity: validation.charge.quantity",
      "",
    ],
    [
      { goods: [{ name: "Tea", quantity: 1, unitAmount: -1, totalAmount: 1 }] },
      "goods.0.unitAmount: validation.charge.minor",
      "goods.data[].unit_amount",
    ],
    [
      { goods: [{ name: "Tea", quantity: 1, unitAmount: 1, totalAmount: 1, totalTaxRate: 10_001 }] },
      "goods.0.totalTaxRate: validation.charge.taxRate",
      "",
    ],
    [{ shipping: { email: "nope" } }, "shipping.email: validation.charge.email", "goods.shipping.email"],
    [{ shipping: { unknown: "x" } }, "shipping: Unrecognized key", ""],
    [{ clients: ["tv"] }, "clients.0:", ""],
    // The spec's charge methods, not paypal.
    [{ method: "paypal", card: undefined, threeDs: undefined }, "method: validation.charge.method", ""],
    [{ method: "alipay", card: undefined, requestToken: undefined }, "threeDs: validation.charge.threeDsCardOnly", ""],
  ])("refuses %j at its field", (patch, expected, specName) => {
    const issues = problem(patch);
    expect(
      issues?.some((i) => i.startsWith(expected)),
      JSON.stringify(issues),
    ).toBe(true);
    if (specName) expect(issues?.join(" ")).toContain(specName);
  });

  it("reads a goods line's amounts as typed in the charge's currency", () => {
    const typed = {
      ...full,
      amount: "120.00",
      goods: [
        { name: "Tea", quantity: 2, unitAmount: "40", totalAmount: "80.00", totalTaxAmount: "", taxableAmount: "12.5" },
      ],
    };
    const r = chargeFormSchema("EUR").parse(typed);
    expect(r.goods).toEqual([{ name: "Tea", quantity: 2, unitAmount: 4000, totalAmount: 8000, taxableAmount: 1250 }]);
    const jpy = chargeFormSchema("JPY").safeParse({ ...typed, currency: "JPY", amount: "1200" });
    expect(jpy.success).toBe(false);
  });
});
