"use client";

import { useCallback } from "react";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";

// Small client pieces of the payment pages: a time in the person's zone (named), an amount in
// their number format, a payment method's name. Usable inside table cells and server pages alike.

type When = Date | string | number | null | undefined;

export function DateTime({ at }: { at: When }) {
  return <>{useFormat().dateTime(at)}</>;
}

export function Money({ minor, currency }: { minor: number | bigint | null | undefined; currency: string }) {
  return <>{useFormat().money(minor, currency)}</>;
}

/** A payment method's name ("alipay" → 支付宝); an unknown method shows as it is. */
export function useMethodLabel() {
  const t = useTranslations("transactions.methods");
  return useCallback((method: string) => (t.has(method as never) ? t(method as never) : method), [t]);
}

export function MethodName({ method }: { method: string | null | undefined }) {
  const label = useMethodLabel();
  return <>{method ? label(method) : "—"}</>;
}
