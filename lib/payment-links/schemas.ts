import { z } from "zod";
import { merchantReferenceSchema } from "@/lib/charges/schemas";
import { isKnownCurrency } from "@/lib/money";

export const createPaymentLinkSchema = z.strictObject({
  kind: z.enum(["hosted", "qr"], "kind is hosted (a payment page) or qr"),
  vendor: z.enum(["alipay", "wechatpay", "upop"], "vendor is alipay, wechatpay or upop"),
  amount: z
    .number()
    .int("amount must be a whole number of minor units")
    .positive("amount must be more than zero")
    .max(Number.MAX_SAFE_INTEGER),
  currency: z.string().refine(isKnownCurrency, "Unknown currency: use an ISO 4217 code such as USD"),
  reference: merchantReferenceSchema,
});
export type CreatePaymentLinkInput = z.infer<typeof createPaymentLinkSchema>;
export const paymentLinkIdSchema = z.object({ id: z.uuid("Unknown payment link") });
