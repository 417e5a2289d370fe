import { z } from "zod";
import { luhnValid } from "@/lib/platform/card-number";
import { CHARGE_METHODS, merchantReferenceSchema } from "@/lib/upi/shared";
import { isKnownCurrency, toMajorString } from "@/lib/platform/money";
import { keyed } from "@/lib/platform/keyed";
import { minorAmountSchema, moneyText, optionalMoneyText } from "@/lib/platform/money-schema";
import {
  billingAddressSchema,
  clientAppSchema,
  deviceSchema,
  GOODS_MONEY,
  goodsLineSchema,
  indicatorField,
  installmentsSchema,
  localeField,
  minorOrZero,
  phoneField,
  returnUrlsSchema,
  shippingSchema,
  textField,
  threeDsSchema,
  timeoutField,
} from "./charge-fields";

export const CARD_MESSAGES = {
  checksum: "validation.charge.panChecksum",
  expired: "validation.charge.expired",
} as const;

/** An expiry "MM/YY" before the current month (a card is good through the end of its month). */
export function cardExpired(expiry: string, now = new Date()): boolean {
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (!m) return false;
  const year = 2000 + Number(m[2]);
  const month = Number(m[1]);
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

export const cardSchema = z.strictObject({
  pan: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, "validation.charge.panDigits")
        .refine(luhnValid, CARD_MESSAGES.checksum),
    ),
  expiry: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, "validation.charge.expiryFormat")
    .refine((e) => !cardExpired(e), CARD_MESSAGES.expired),
  cvv: z.string().regex(/^\d{3,4}$/, "validation.charge.cvv"),
  firstName: z.string().trim().max(64).optional(),
  lastName: z.string().trim().max(64).optional(),
});

const GOODS_TOTAL_IS_AMOUNT = new Set(["klarna"]);

/** What the virtual terminal sends to POST /api/charges. Amounts in minor units. */
export const createChargeSchema = z
  .strictObject({
    reference: merchantReferenceSchema,
    amount: minorAmountSchema,
    currency: z.string().refine(isKnownCurrency, "validation.charge.currency"),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, "validation.charge.countryCode")
      .optional(),
    method: z.enum(CHARGE_METHODS, "validation.charge.method").optional(),
    autoCapture: z.boolean().default(false),
    card: cardSchema.optional(),
    vaultToken: z.string().min(1).max(128).optional(),
    requestToken: z.boolean().optional(),
    clients: z.array(z.enum(["desktop", "mobile_browser"])).optional(),
    consumer: z
      .strictObject({
        reference: z.string().max(64).optional(),
        email: z.email("validation.charge.consumerEmail").optional(),
        firstName: z.string().max(64).optional(),
        lastName: z.string().max(64).optional(),
        phone: phoneField("consumer.phone"),
        documentId: textField("consumer.ext_data.document_id", 64),
      })
      .optional(),
    note: z.string().max(200).optional(),
    locale: localeField,
    indicator: indicatorField,
    timeout: timeoutField,
    threeDs: threeDsSchema.optional(),
    billingAddress: billingAddressSchema.optional(),
    shipping: shippingSchema.optional(),
    goods: z.array(goodsLineSchema).max(100, "validation.charge.tooManyLines").optional(),
    urls: returnUrlsSchema.optional(),
    device: deviceSchema.optional(),
    clientApp: clientAppSchema.optional(),
    installments: installmentsSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method === "card" && !v.card && !v.vaultToken)
      ctx.addIssue({
        code: "custom",
        path: ["card"],
        message: "validation.charge.cardNeeded",
      });
    if (v.method !== "card" && (v.card || v.vaultToken))
      ctx.addIssue({ code: "custom", path: ["card"], message: "validation.charge.cardOnly" });
    if (v.method !== "card" && v.threeDs)
      ctx.addIssue({ code: "custom", path: ["threeDs"], message: "validation.charge.threeDsCardOnly" });
    const total = v.goods?.reduce((sum, line) => sum + line.totalAmount, 0);
    if (v.method && GOODS_TOTAL_IS_AMOUNT.has(v.method) && total !== undefined && v.goods!.length > 0) {
      if (total !== v.amount && isKnownCurrency(v.currency))
        ctx.addIssue({
          code: "custom",
          path: ["goods"],
          message: keyed("validation.charge.goodsTotal", {
            method: v.method,
            total: `${v.currency} ${toMajorString(total, v.currency)}`,
            amount: `${v.currency} ${toMajorString(v.amount, v.currency)}`,
          }),
        });
    }
  });
export type CreateChargeInput = z.infer<typeof createChargeSchema>;

const goodsLineForm = (currency: string) =>
  goodsLineSchema.safeExtend(
    Object.fromEntries(
      GOODS_MONEY.map((name) => {
        const server = minorOrZero(`goods.data[].${name}`);
        const read = ["unitAmount", "totalAmount"].includes(name)
          ? moneyText(currency, server, { allowZero: true })
          : optionalMoneyText(currency, server, { allowZero: true });
        return [name, read];
      }),
    ) as unknown as Pick<typeof goodsLineSchema.shape, (typeof GOODS_MONEY)[number]>,
  );

/** The same body with the amounts as typed, read in `currency`: the terminal and confirm forms. */
export const chargeFormSchema = (currency: string) =>
  createChargeSchema.safeExtend({
    amount: moneyText(currency, minorAmountSchema) as unknown as typeof minorAmountSchema,
    goods: z
      .array(goodsLineForm(currency))
      .max(100, "validation.charge.tooManyLines")
      .optional() as unknown as typeof createChargeSchema.shape.goods,
  });

export const chargeTokenSchema = z.object({
  chargeToken: z.string().regex(/^[\w-]{1,128}$/, "validation.charge.chargeToken"),
});
