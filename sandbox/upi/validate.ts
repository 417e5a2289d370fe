import { UpiFailure } from "../envelope";

// Field checks that answer 4000 with the field's name, like a strict gateway.
export function obj(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw new UpiFailure("4000", `${name} must be an object`);
  return value as Record<string, unknown>;
}

export function str(value: unknown, name: string, required = true): string | null {
  if (value === undefined || value === null || value === "") {
    if (required) throw new UpiFailure("4000", `${name} is required`);
    return null;
  }
  if (typeof value !== "string") throw new UpiFailure("4000", `${name} must be a string`);
  if (value.length > 128 && name.endsWith("reference")) throw new UpiFailure("4000", `${name} is too long`);
  return value;
}

export function positiveInt(value: unknown, name: string, required = true): number | null {
  if (value === undefined || value === null) {
    if (required) throw new UpiFailure("4000", `${name} is required`);
    return null;
  }
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) {
    throw new UpiFailure("4000", `${name} must be a positive integer in the currency's minor unit`);
  }
  return value;
}

export function bool(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "boolean") throw new UpiFailure("4000", `${name} must be a boolean`);
  return value;
}

export function currency(value: unknown): string {
  const c = str(value, "transaction.currency")!;
  if (!/^[A-Z]{3}$/.test(c)) throw new UpiFailure("4000", "transaction.currency must be an ISO 4217 code");
  return c;
}

export const METHODS = [
  "alipay",
  "wechatpay",
  "upop",
  "naverpay",
  "card",
  "klarna",
  "kakaopay",
  "payco",
  "paypal",
] as const;
/** Methods where the consumer pays on the provider's page: the charge starts `initiated`. */
export const REDIRECT_METHODS = new Set(["alipay", "wechatpay", "upop", "naverpay", "kakaopay", "payco", "paypal"]);
/** Methods whose charges cannot be partially refunded (4208). */
export const NO_PARTIAL_REFUND = new Set(["payco"]);

export function method(value: unknown): string | null {
  const m = str(value, "payment.method", false);
  if (m !== null && !(METHODS as readonly string[]).includes(m))
    throw new UpiFailure("4000", `payment.method ${m} is not supported`);
  return m;
}
