"use client";

import { useFormat, useTranslations } from "@/lib/platform/i18n/client";

// The list kit's formatted cells: in the person's language and time zone (the zone named).

export function MoneyCell({ amount, currency }: { amount: number | null; currency: string | null }) {
  const f = useFormat();
  return (
    <span className="whitespace-nowrap tabular-nums" data-testid="row-amount">
      {amount !== null && currency ? f.money(amount, currency) : "—"}
    </span>
  );
}

export function DateTimeCell({ at }: { at: string | Date | null }) {
  const f = useFormat();
  return <span className="whitespace-nowrap">{f.dateTime(at)}</span>;
}

export function AmountHeader() {
  const t = useTranslations("common");
  return <>{t("columns.amount")}</>;
}
