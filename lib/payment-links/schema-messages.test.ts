import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { CATALOG_ISSUES } from "@/lib/platform/i18n/zod-issues";
import { catalogTranslator } from "@/lib/platform/i18n/message-text";
import { parseKeyed, translateMessage } from "@/lib/platform/keyed";
import { vaultAddSchema, vaultTokenParamSchema } from "@/lib/vault/schemas";
import { createPaymentLinkSchema, paymentLinkIdSchema } from "./schemas";

// Review finding 7 (partly): the payment-link and vault schemas wrote their own problems in
// English, which a zh-CN person read as they were. Each is now a catalog key: English reads as
// before, Chinese reads Chinese.

const card = { pan: "4111111111111111", expiry: "12/30", cvv: "123", firstName: "Ana", lastName: "Lee" };
const cases: [string, z.ZodType, unknown][] = [
  ["kind and vendor", createPaymentLinkSchema, { kind: "x", vendor: "paypal", amount: 100, currency: "USD" }],
  ["currency", createPaymentLinkSchema, { kind: "pay", vendor: "alipay", amount: 100, currency: "XYZ" }],
  [
    "return URL",
    createPaymentLinkSchema,
    { kind: "pay", vendor: "alipay", amount: 100, currency: "USD", callbackUrl: "ftp://x.example" },
  ],
  [
    "return URL of another kind",
    createPaymentLinkSchema,
    { kind: "hosted", vendor: "alipay", amount: 100, currency: "USD", callbackUrl: "https://x.example" },
  ],
  ["link id", paymentLinkIdSchema, { id: "nope" }],
  ["card holder", vaultAddSchema, { card: { ...card, firstName: " ", lastName: "" } }],
  ["email and length", vaultAddSchema, { card, consumer: { email: "nope", phone: "1".repeat(40) } }],
  ["vault token", vaultTokenParamSchema, { token: "no/slashes" }],
];

describe("payment-link and vault problems in the reader's language", () => {
  it.each(cases)("%s", (_, schema, input) => {
    const r = schema.safeParse(input, CATALOG_ISSUES);
    expect(r.success).toBe(false);
    const en = catalogTranslator("en");
    const zh = catalogTranslator("zh-CN");
    for (const issue of r.error!.issues) {
      const key = parseKeyed(issue.message)?.key;
      expect(key && zh.has(key) && en.has(key), `${issue.path.join(".")}: ${issue.message}`).toBe(true);
      expect(translateMessage(zh, issue.message)).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("reads in English as it did", () => {
    const r = createPaymentLinkSchema.safeParse(cases[0]![2], CATALOG_ISSUES);
    expect(r.error!.issues.map((i) => translateMessage(catalogTranslator("en"), i.message))).toEqual([
      "Choose a hosted page, a payment page or a QR code",
      "Choose alipay, wechatpay or upop",
    ]);
  });
});
