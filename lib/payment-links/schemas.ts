import { z } from "zod";
import { limitParam } from "@/lib/platform/api/keyset";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { paymentLinkSearchParams } from "./search-params";
import { merchantReferenceSchema } from "@/lib/charges/schemas";
import { isKnownCurrency } from "@/lib/platform/money";
import { minorAmountSchema } from "@/lib/platform/money-schema";

export const createPaymentLinkSchema = z.strictObject({
  kind: z.enum(["hosted", "qr"], "Choose a hosted page or a QR code"),
  vendor: z.enum(["alipay", "wechatpay", "upop"], "Choose alipay, wechatpay or upop"),
  amount: minorAmountSchema,
  currency: z.string().refine(isKnownCurrency, "Unknown currency: use an ISO 4217 code such as USD"),
  reference: merchantReferenceSchema,
});
export type CreatePaymentLinkInput = z.infer<typeof createPaymentLinkSchema>;
/** A page of the list (./search-params.ts): a reference fragment, a status, `cursor` from the previous page's `nextCursor`. */
export const paymentLinkPageSchema = filterSchemaOf(paymentLinkSearchParams).extend({ limit: limitParam });
export type PaymentLinkPage = Partial<z.infer<typeof paymentLinkPageSchema>> & { limit: number };

export const paymentLinkIdSchema = z.object({ id: z.uuid("Unknown payment link") });
