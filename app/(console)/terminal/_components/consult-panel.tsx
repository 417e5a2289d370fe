"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/platform/api/client";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";

type Consult = {
  installments: { total_amount: number; installment_no: number; installment_amount: number }[];
  promotions: { discount_amount: number; discount_code: string; issuer?: string }[];
};

/** Installments (card) and promotions (alipay+) the payment service offers for this amount. */
export function ConsultPanel({
  amount,
  currency,
  method,
}: {
  amount: number | null;
  currency: string;
  method: string;
}) {
  const t = useTranslations("terminal.consult");
  const f = useFormat();
  const consultMethod = method === "card" ? "card" : method === "alipay" ? "alipay+" : null;
  const enabled = !!consultMethod && amount !== null && /^[A-Z]{3}$/.test(currency);
  const query = useQuery({
    queryKey: ["consults", consultMethod, amount, currency],
    queryFn: () =>
      apiFetch<Consult>(
        `/api/consults?method=${encodeURIComponent(consultMethod!)}&amount=${amount}&currency=${currency}`,
      ),
    enabled,
  });
  if (!enabled) return null;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 text-sm" data-testid="consult">
      <h2 className="font-semibold">{t("title")}</h2>
      {query.isPending && <p className="mt-1 text-slate-500">{t("asking")}</p>}
      {query.isError && <p className="mt-1 text-red-700">{query.error.message}</p>}
      {query.data && query.data.installments.length === 0 && query.data.promotions.length === 0 && (
        <p className="mt-1 text-slate-600">{t("none")}</p>
      )}
      {query.data && query.data.installments.length > 0 && (
        <ul className="mt-2 space-y-1">
          {query.data.installments.map((i) => (
            <li key={i.installment_no}>
              {t("installment", { count: i.installment_no, amount: f.money(i.installment_amount, currency) })}
            </li>
          ))}
        </ul>
      )}
      {query.data?.promotions.map((p) => (
        <p key={p.discount_code} className="mt-2">
          {t("promotion", { code: p.discount_code, amount: f.money(p.discount_amount, currency) })}
          {p.issuer ? ` (${p.issuer})` : ""}
        </p>
      ))}
    </section>
  );
}
