import { z } from "zod";
import { keyed } from "@/lib/platform/keyed";

const tooLong = (field: string, max: number) => keyed("validation.charge.tooLong", { field, max });

/** An optional text field: trimmed, empty is absent. */
export const textField = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(field, max))
    .optional()
    .transform((s) => (s ? s : undefined));

export const countryField = (field: string) =>
  z
    .string()
    .regex(/^[A-Z]{2}$/, keyed("validation.charge.country", { field }))
    .optional();

/** A whole number of minor units, zero allowed (a free line, a tax of nothing). */
export const minorOrZero = (field: string) =>
  z
    .number({ error: keyed("validation.charge.minor", { field }) })
    .int(keyed("validation.charge.minor", { field }))
    .min(0, keyed("validation.charge.minor", { field }))
    .max(Number.MAX_SAFE_INTEGER);

export const urlField = (field: string) =>
  z
    .string()
    .trim()
    .max(2048, tooLong(field, 2048))
    .refine((s) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(s), keyed("validation.charge.url", { field }))
    .optional();

export const phoneField = (field: string) =>
  z
    .string()
    .regex(/^\+?[0-9][0-9 ()-]{3,31}$/, keyed("validation.charge.phone", { field }))
    .optional();

const addressFields = (at: string) => ({
  street: textField(`${at}.street`, 128),
  street2: textField(`${at}.street2`, 128),
  city: textField(`${at}.city`, 64),
  state: textField(`${at}.state`, 64),
  zip: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,15}$/, keyed("validation.charge.zip", { field: `${at}.zip` }))
    .optional(),
  country: countryField(`${at}.country`),
});

/** The spec's address, one schema wherever it goes (a charge's billing address, a stored card's two). */
export const addressSchema = (at: string) => z.strictObject(addressFields(at));

export const billingAddressSchema = addressSchema("payment.billing_address");

/** The goods' recipient (goods.shipping) and the parcel (shipping_address): one address typed once. */
export const shippingSchema = z.strictObject({
  firstName: textField("goods.shipping.first_name", 64),
  lastName: textField("goods.shipping.last_name", 64),
  phone: phoneField("goods.shipping.phone"),
  email: z.email(keyed("validation.charge.email", { field: "goods.shipping.email" })).optional(),
  ...addressFields("shipping_address"),
  vendor: textField("shipping_address.vendor", 64),
  tracking: textField("shipping_address.tracking", 64),
});

/** One line of goods.data[]; amounts in the charge currency's minor units. */
export const goodsLineSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, keyed("validation.charge.required", { field: "goods.data[].name" }))
    .max(255, tooLong("goods.data[].name", 255)),
  sku: textField("goods.data[].sku", 64),
  url: urlField("goods.data[].url"),
  quantity: z
    .number({ error: keyed("validation.charge.quantity") })
    .int(keyed("validation.charge.quantity"))
    .min(1, keyed("validation.charge.quantity"))
    .max(100_000, keyed("validation.charge.quantity")),
  unitAmount: minorOrZero("goods.data[].unit_amount"),
  totalAmount: minorOrZero("goods.data[].total_amount"),
  totalTaxRate: z
    .number({ error: keyed("validation.charge.taxRate") })
    .int(keyed("validation.charge.taxRate"))
    .min(0, keyed("validation.charge.taxRate"))
    .max(10_000, keyed("validation.charge.taxRate"))
    .optional(),
  totalTaxAmount: minorOrZero("goods.data[].total_tax_amount").optional(),
  totalDiscountAmount: minorOrZero("goods.data[].total_discount_amount").optional(),
  taxableAmount: minorOrZero("goods.data[].taxable_amount").optional(),
  taxExemptAmount: minorOrZero("goods.data[].tax_exempt_amount").optional(),
});
export type GoodsLine = z.infer<typeof goodsLineSchema>;
export const GOODS_MONEY = [
  "unitAmount",
  "totalAmount",
  "totalTaxAmount",
  "totalDiscountAmount",
  "taxableAmount",
  "taxExemptAmount",
] as const;

export const returnUrlsSchema = z.strictObject({
  success: urlField("urls.success"),
  fail: urlField("urls.fail"),
  cancel: urlField("urls.cancel"),
  mobile: urlField("urls.mobile"),
});

const ip = z.union([z.ipv4(), z.ipv6()], { error: keyed("validation.charge.ip") });
export const deviceSchema = z.strictObject({
  id: textField("ext.device.id", 128),
  ip: ip.optional(),
  fingerprint: textField("ext.device.fingerprint", 512),
});
export const clientAppSchema = z.strictObject({
  app: textField("ext.client.app", 64),
  version: textField("ext.client.version", 32),
});

/** payment.3ds1: an authentication done before the charge, passed on as it came. */
export const threeDsSchema = z.strictObject({
  indicator: textField("payment.3ds1.indicator", 32),
  authentication: textField("payment.3ds1.authentication", 128),
  id: textField("payment.3ds1.id", 128),
  version: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2}){0,2}$/, keyed("validation.charge.version", { field: "payment.3ds1.version" }))
    .optional(),
  tranxId: textField("payment.3ds1.tranx_id", 128),
});

export const localeField = z
  .string()
  .regex(/^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8}){0,2}$/, keyed("validation.charge.locale"))
  .optional();

/** payment.indicator: free text, a method may take a value not seen (a numeric string). */
export const indicatorField = textField("payment.indicator", 32);

/** payment.timeout: the spec gives no unit (its examples send 1000 and 1200). */
export const timeoutField = z
  .number({ error: keyed("validation.charge.timeout") })
  .int(keyed("validation.charge.timeout"))
  .min(1, keyed("validation.charge.timeout"))
  .max(1_000_000, keyed("validation.charge.timeout"))
  .optional();

const count = (field: string) =>
  z
    .number({ error: keyed("validation.charge.count", { field }) })
    .int(keyed("validation.charge.count", { field }))
    .min(1, keyed("validation.charge.count", { field }))
    .max(999, keyed("validation.charge.count", { field }))
    .optional();

/** installments: the plan and promotions the consumer pays with, from the consult (or typed). */
export const installmentsSchema = z.strictObject({
  id: textField("installments.id", 64),
  paymentNumber: count("installments.payment_number"),
  quantity: count("installments.quantity"),
  promo: z
    .array(
      z
        .string()
        .trim()
        .min(1, keyed("validation.charge.required", { field: "installments.promo[]" }))
        .max(64, tooLong("installments.promo[]", 64)),
    )
    .max(10, keyed("validation.charge.tooManyPromos"))
    .optional(),
});
export type InstallmentsInput = z.infer<typeof installmentsSchema>;
