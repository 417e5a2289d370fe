"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormContext } from "react-hook-form";
import { apiFetch } from "@/lib/platform/api/client";
import { parseMoneyText } from "@/lib/platform/money";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { SelectInput } from "@/components/form/inputs";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { type ChargeValues, promoCodes } from "./charge-values";
import { consultQuery } from "@/lib/charges/consult-query";

type Plan = { total_amount: number; installment_no: number; installment_amount: number };
type Promotion = {
  discount_amount: number;
  discount_code: string;
  min_original_amount?: number;
  max_original_amount?: number;
  balance?: number;
  expiry?: number;
  issuer?: string;
  token_payment?: boolean;
};
type Consult = { installments: Plan[]; promotions: Promotion[] };

/**
 * Installments (card) and promotions (alipay+) the payment service offers for the charge as
 * typed: its amount, currency, method, country, client and device. Choosing one fills the
 * charge's installments (payment_number and quantity, promo[]), and the consumer's cost shows
 * before anything is sent.
 */
export function ConsultPanel() {
  const t = useTranslations("terminal.consult");
  const f = useFormat();
  const { watch, setValue } = useFormContext<ChargeValues>();
  const [amountText, currency, method, country, clients, device, chosen] = watch([
    "amount",
    "currency",
    "method",
    "country",
    "clients",
    "consultDevice",
    "installments",
  ]);
  const parsed = amountText.trim() ? parseMoneyText(amountText, currency) : null;
  const params = consultQuery({
    amount: parsed?.ok ? parsed.minor : null,
    currency,
    method,
    country,
    clients,
    device,
  });
  const query = useQuery({
    queryKey: ["consults", params],
    queryFn: () => apiFetch<Consult>(`/api/consults?${params}`),
    enabled: params !== null,
  });
  if (params === null) return null;
  const count = Number(chosen.quantity || chosen.paymentNumber) || null;
  const codes = promoCodes(chosen.promo);
  const plan = query.data?.installments.find((p) => p.installment_no === count);
  const choosePlan = (n: number | null) => {
    const value = n === null ? "" : String(n);
    setValue("installments.paymentNumber", value, { shouldDirty: true });
    setValue("installments.quantity", value, { shouldDirty: true });
  };
  const togglePromo = (code: string) =>
    setValue(
      "installments.promo",
      (codes.includes(code) ? codes.filter((c) => c !== code) : [...codes, code]).join(", "),
      { shouldDirty: true },
    );
  const money = (v: number | undefined) => (v === undefined ? "—" : f.money(v, currency));
  return (
    <Card className="space-y-2 text-sm" data-testid="consult">
      <CardTitle>{t("title")}</CardTitle>
      <SelectInput name="consultDevice" id="consult-device" label={t("device")}>
        <option value="">{t("deviceAny")}</option>
        <option value="ios">{t("ios")}</option>
        <option value="android">{t("android")}</option>
      </SelectInput>
      {query.isPending && <p className="text-slate-500">{t("asking")}</p>}
      {query.isError && <p className="text-red-700">{query.error.message}</p>}
      {query.data && query.data.installments.length === 0 && query.data.promotions.length === 0 && (
        <p className="text-slate-600">{t("none")}</p>
      )}
      {query.data && query.data.installments.length > 0 && (
        <ul className="space-y-1" aria-label={t("plans")}>
          {query.data.installments.map((p) => {
            const on = p.installment_no === count;
            return (
              <li key={p.installment_no} className="flex items-center justify-between gap-2">
                <span>
                  {t("installment", { count: p.installment_no, amount: f.money(p.installment_amount, currency) })}
                  <span className="block text-xs text-slate-500">
                    {t("planTotal", { total: f.money(p.total_amount, currency) })}
                  </span>
                </span>
                <Button
                  type="button"
                  variant={on ? "primary" : "secondary"}
                  aria-pressed={on}
                  aria-label={t("choosePlan", { count: p.installment_no })}
                  onClick={() => choosePlan(on ? null : p.installment_no)}
                >
                  {on ? t("chosen") : t("choose")}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {query.data?.promotions.map((p) => {
        const on = codes.includes(p.discount_code);
        return (
          <div key={p.discount_code} className="rounded border border-slate-200 p-2" data-testid="promotion">
            <p className="font-medium">
              {t("promotion", { code: p.discount_code, amount: f.money(p.discount_amount, currency) })}
              {p.issuer ? ` (${p.issuer})` : ""}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-600">
              <dt>{t("forAmounts")}</dt>
              <dd>{t("range", { min: money(p.min_original_amount), max: money(p.max_original_amount) })}</dd>
              <dt>{t("balance")}</dt>
              <dd>{money(p.balance)}</dd>
              <dt>{t("expiry")}</dt>
              <dd>{p.expiry === undefined ? "—" : f.dateTime(new Date(p.expiry))}</dd>
              <dt>{t("tokenPayment")}</dt>
              <dd>{p.token_payment === undefined ? "—" : p.token_payment ? t("yes") : t("no")}</dd>
            </dl>
            <Button
              type="button"
              className="mt-2"
              variant={on ? "primary" : "secondary"}
              aria-pressed={on}
              aria-label={t("choosePromotion", { code: p.discount_code })}
              onClick={() => togglePromo(p.discount_code)}
            >
              {on ? t("chosen") : t("choose")}
            </Button>
          </div>
        );
      })}
      {(plan || codes.length > 0) && (
        <p className="rounded bg-slate-50 p-2 text-slate-800" data-testid="consumer-cost">
          {plan
            ? t("cost", {
                count: plan.installment_no,
                amount: f.money(plan.installment_amount, currency),
                total: f.money(plan.total_amount, currency),
              })
            : null}
          {codes.length > 0 ? ` ${t("costPromo", { codes: codes.join(", ") })}` : null}
        </p>
      )}
    </Card>
  );
}
