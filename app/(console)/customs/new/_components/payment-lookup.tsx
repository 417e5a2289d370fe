"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import type { Parent } from "@/lib/declarations/rules";
import type { CnyReason } from "@/lib/customs/explain";
import { cnyNote, paymentStatusLabel, vendorLabel } from "@/lib/customs/explain";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/form/field";
import { Notice } from "@/components/ui/notice";
import { Card, CardTitle } from "@/components/ui/card";

/** The payment a declaration is for, as the ledger knows it (GET /api/customs/parent). */
export type Lookup = Parent & {
  transactionId: string | null;
  reference: string | null;
  status: string | null;
  cnyNote: string | null;
  cnyReason?: CnyReason | null;
};

/**
 * Finds the payment by transaction id or reference (at once for the one the page was opened
 * with) and shows its facts; `onFound` gets every answer, found or not.
 */
export function PaymentLookup({
  transaction,
  parent,
  onFound,
}: {
  transaction: string;
  parent: Lookup | null;
  onFound: (lookup: Lookup) => void;
}) {
  const t = useTranslations("customs");
  const f = useFormat();
  const [payment, setPayment] = useState(transaction);
  const [lookupError, setLookupError] = useState<string | null>(null);

  const lookup = useMutation({
    mutationFn: (value: string) => {
      const q = /^[0-9a-f]{20,}$/i.test(value)
        ? `transactionId=${encodeURIComponent(value)}`
        : `reference=${encodeURIComponent(value)}`;
      return apiFetch<Lookup>(`/api/customs/parent?${q}`);
    },
    onSuccess: (p) => {
      onFound(p);
      setLookupError(p.transactionId ? null : (cnyNote(t, p) ?? t("lookup.notFound")));
    },
    onError: (e) => setLookupError(e.message),
  });
  const lookUp = lookup.mutate; // stable across renders (TanStack Query)
  useEffect(() => {
    if (transaction) lookUp(transaction);
  }, [transaction, lookUp]);

  return (
    <Card>
      <CardTitle>{t("lookup.heading")}</CardTitle>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-[20rem] flex-1">
          <Field name="payment" label={t("lookup.field")}>
            {(control) => (
              <input
                {...control}
                name="payment"
                value={payment}
                onChange={(e) => setPayment(e.target.value)}
                // Enter looks the payment up, as the button beside it does; it never sends the declaration.
                onKeyDown={(e) => {
                  if (e.key !== "Enter") return;
                  e.preventDefault();
                  if (payment.trim() && !lookup.isPending) lookup.mutate(payment.trim());
                }}
              />
            )}
          </Field>
        </div>
        <Button
          type="button"
          variant="secondary"
          disabled={!payment.trim() || lookup.isPending}
          onClick={() => lookup.mutate(payment.trim())}
        >
          {lookup.isPending ? t("lookup.lookingUp") : t("lookup.lookUp")}
        </Button>
      </div>
      {lookupError && (
        <div className="mt-3">
          <Notice tone="error">{lookupError}</Notice>
        </div>
      )}
      {parent?.transactionId && (
        <dl className="mt-3 facts grid grid-cols-[10rem_1fr] gap-y-1 text-sm" data-testid="parent">
          <dt className="text-slate-500">{t("lookup.reference")}</dt>
          <dd>{parent.reference}</dd>
          <dt className="text-slate-500">{t("lookup.paid")}</dt>
          <dd>
            {parent.amount !== null && parent.currency ? f.money(parent.amount, parent.currency) : "—"} ·{" "}
            {parent.method ? vendorLabel(t, parent.method) : "—"} · {paymentStatusLabel(t, parent.status)}
          </dd>
          <dt className="text-slate-500">{t("lookup.inCny")}</dt>
          <dd>
            {parent.cnyFen !== null ? (
              f.money(parent.cnyFen, "CNY")
            ) : (
              <span className="text-amber-800">{cnyNote(t, parent) ?? t("lookup.unknown")}</span>
            )}
          </dd>
        </dl>
      )}
    </Card>
  );
}
