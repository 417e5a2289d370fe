import { z } from "zod";
import { limitParam } from "@/lib/platform/api/keyset";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { paymentLinkSearchParams } from "./search-params";
import { merchantReferenceSchema } from "@/lib/upi/shared";
import { isKnownCurrency } from "@/lib/platform/money";
import { minorAmountSchema } from "@/lib/platform/money-schema";
import { keyed } from "@/lib/platform/keyed";
import { LINK_KINDS, type LinkKind } from "./constants";

export type { LinkKind };

/** hosted: /chop/chop; pay: /payment/pay (a payment page); qr: /payment/pay_qr (a QR page). */

/** The return URLs each endpoint takes (customs spec, "Payment endpoint parameters seen"). */
export const RETURN_URLS = {
  hosted: ["callbackUrlSuccess", "callbackUrlFail", "mobileResultUrl"],
  pay: ["callbackUrl"],
  qr: ["callbackUrl"],
} as const satisfies Record<LinkKind, readonly string[]>;
const ALL_RETURN_URLS = ["callbackUrl", "callbackUrlSuccess", "callbackUrlFail", "mobileResultUrl"] as const;
export type ReturnUrlField = (typeof ALL_RETURN_URLS)[number];

const returnUrl = z
  .url({ protocol: /^https?$/, message: keyed("validation.link.url") })
  .max(500)
  .optional();

/** The body's fields; createPaymentLinkSchema adds which return URLs the kind takes. */
export const paymentLinkFields = z.strictObject({
  kind: z.enum(LINK_KINDS, keyed("validation.link.kind")),
  vendor: z.enum(["alipay", "wechatpay", "upop"], keyed("validation.link.vendor")),
  amount: minorAmountSchema,
  currency: z.string().refine(isKnownCurrency, keyed("validation.currencyUnknown")),
  reference: merchantReferenceSchema,
  callbackUrl: returnUrl,
  callbackUrlSuccess: returnUrl,
  callbackUrlFail: returnUrl,
  mobileResultUrl: returnUrl,
  allowDuplicates: z.boolean().optional(),
});

/** A return URL the link's endpoint does not take is refused at its field, not dropped. */
export function checkReturnUrls(
  v: { kind: LinkKind } & Partial<Record<ReturnUrlField, string>>,
  ctx: z.RefinementCtx,
): void {
  const takes: readonly string[] = RETURN_URLS[v.kind];
  for (const field of ALL_RETURN_URLS)
    if (v[field] !== undefined && !takes.includes(field))
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: keyed(v.kind === "hosted" ? "validation.link.hostedReturns" : "validation.link.pageReturns"),
      });
}

export const createPaymentLinkSchema = paymentLinkFields.superRefine(checkReturnUrls);
export type CreatePaymentLinkInput = z.infer<typeof createPaymentLinkSchema>;
/** A page of the list (./search-params.ts): a reference fragment, a status, `cursor` from the previous page's `nextCursor`. */
export const paymentLinkPageSchema = filterSchemaOf(paymentLinkSearchParams).extend({ limit: limitParam });
export type PaymentLinkPage = Partial<z.infer<typeof paymentLinkPageSchema>> & { limit: number };

export const paymentLinkIdSchema = z.object({ id: z.uuid(keyed("validation.link.unknownId")) });
