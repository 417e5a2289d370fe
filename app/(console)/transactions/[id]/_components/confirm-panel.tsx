"use client";

import { useIntent } from "@/components/form/use-intent";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import type { CreateChargeInput } from "@/lib/charges/schemas";
import { CHARGE_METHODS } from "@/lib/upi/methods";
import { toMajorString } from "@/lib/platform/money";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SelectInput } from "@/components/form/inputs";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { MoneyInput } from "@/components/form/money-input";
import { useOutcome } from "@/components/outcome/use-outcome";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useMethodLabel } from "@/components/payments/format";
import { chargeDefaults, type ChargeValues } from "@/app/(console)/terminal/_components/charge-values";
import { CardFields } from "@/app/(console)/terminal/_components/sections/card-fields";
import { ChargeSections } from "@/app/(console)/terminal/_components/sections/charge-sections";

/**
 * Confirm charge: supply the method, change the amount or any other field of the charge while it
 * is initiated (the spec: the same shape as create charge). The terminal's card fields and
 * sections, not copies: what a method can use and needs is decided in one place.
 */
export function ConfirmPanel({
  userId,
  chargeToken,
  reference,
  amount,
  currency,
  method,
}: {
  userId: string;
  chargeToken: string;
  reference: string;
  amount: number;
  currency: string;
  method: string | null;
}) {
  const t = useTranslations("transactions.confirm");
  const methodLabel = useMethodLabel();
  const outcome = useOutcome();
  const form = useKitForm<ChargeValues, CreateChargeInput>({
    schema: () => import("./confirm-schema").then((m) => m.confirmSchema(reference, currency)),
    // A charge created without a method may record none or an empty one: offer the card then.
    defaultValues: {
      ...chargeDefaults(),
      amount: toMajorString(amount, currency),
      currency,
      method: CHARGE_METHODS.find((m) => m === method) ?? "card",
    },
  });
  const [error, setError] = useState<string[]>([]);
  // One Idempotency-Key per confirm: a double click or a retry confirms once.
  const confirm = useIntent({
    send: (body: CreateChargeInput, key) =>
      apiFetch(`/api/charges/${encodeURIComponent(chargeToken)}/confirm`, {
        method: "POST",
        json: body,
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: () => {
      setError([]);
      outcome.show({ tone: "success", text: t("done") });
    },
    onError: (e) => setError(applyServerErrors(form, e)),
  });
  const chosen = form.watch("method");
  return (
    <section className="rounded-xl border border-amber-200 bg-amber-50 p-4" data-testid="confirm-panel">
      <h2 className="font-semibold">{t("title")}</h2>
      <p className="text-sm text-slate-700">{t("help")}</p>
      <KitForm form={form} onValid={confirm.submit} className="mt-3 space-y-3" autoComplete="off">
        <div className="grid gap-3 sm:grid-cols-3">
          <MoneyInput name="amount" id="confirm-amount" label={t("amount", { currency })} currency={currency} preview />
          <SelectInput name="method" id="confirm-method" label={t("method")}>
            {CHARGE_METHODS.map((m) => (
              <option key={m} value={m}>
                {methodLabel(m)}
              </option>
            ))}
          </SelectInput>
        </div>
        {chosen === "card" && <CardFields idPrefix="confirm" />}
        <ChargeSections userId={userId} />
        <div className="space-y-2">
          <FormSummary />
          {error.length > 0 && (
            <Notice tone="error" testId="confirm-error">
              {error.join(" ")}
            </Notice>
          )}
          <Button type="submit" disabled={confirm.isPending || outcome.refreshing}>
            {confirm.isPending ? t("confirming") : t("submit")}
          </Button>
        </div>
      </KitForm>
    </section>
  );
}
