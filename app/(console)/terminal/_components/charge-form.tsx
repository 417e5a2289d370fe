"use client";

import Link from "next/link";
import { useIntent } from "@/components/form/use-intent";
import { useEffect, useRef, useState } from "react";
import { FormProvider } from "react-hook-form";
import { apiFetch } from "@/lib/platform/api/client";
import type { CreateChargeInput } from "@/lib/charges/schemas";
import { CHARGE_METHODS } from "@/lib/upi/methods";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { useMethodLabel } from "@/components/payments/format";
import { useStatusLabel } from "@/components/records/ledger/status-label";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { CheckboxInput, SelectInput, TextInput } from "@/components/form/inputs";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { CurrencySelect, MoneyInput } from "@/components/form/money-input";
import { chargeDefaults, type ChargeValues } from "./charge-values";
import { ConsultPanel } from "./consult-panel";
import { PaymentLinks, type ClientLink } from "@/components/records/payment-links";
import { Card } from "@/components/ui/card";
import { CardFields } from "./sections/card-fields";
import { ChargeSections } from "./sections/charge-sections";
import { RequestPreview } from "./request-preview";

type Charge = {
  id: string;
  reference: string;
  status: string;
  amount: number;
  currency: string;
  charge_token?: string;
  payment?: { client?: ClientLink[]; token?: string | null; data?: { pan?: string | null } | null };
};

const REDIRECT = new Set(["alipay", "wechatpay", "upop", "naverpay", "kakaopay", "payco"]);

export function ChargeForm({ vaultToken, userId, ipn }: { vaultToken?: string; userId: string; ipn?: string }) {
  const t = useTranslations("terminal.form");
  const f = useFormat();
  const methodLabel = useMethodLabel();
  const statusLabel = useStatusLabel();
  const form = useKitForm<ChargeValues, CreateChargeInput>({
    schema: () => import("./charge-schema").then((m) => m.chargeSchema),
    defaultValues: chargeDefaults(vaultToken),
  });
  const [error, setError] = useState<string[]>([]);
  // One Idempotency-Key per intent: a double click or a retry of this submit is the same charge.
  const create = useIntent({
    send: (body: CreateChargeInput, key) =>
      apiFetch<Charge>("/api/charges", { method: "POST", json: body, headers: { "Idempotency-Key": key } }),
    onError: (e) => setError(applyServerErrors(form, e)),
    onSuccess: () => {
      setError([]);
      // Card data must not wait in the form for a stray click to charge it again.
      for (const name of ["card.pan", "card.expiry", "card.cvv"] as const) form.setValue(name, "");
    },
  });
  const [method, currency] = form.watch(["method", "currency"]);
  // A refusal speaks of the card that was sent: once the card is edited it no longer applies.
  useEffect(() => {
    const sub = form.watch((_, { name }) => {
      if (name?.startsWith("card.")) setError((shown) => (shown.length ? [] : shown));
    });
    return () => sub.unsubscribe();
  }, [form]);

  const charge = create.data;
  // The answer takes focus where it appears, beside the button: a charge's result, or its refusal.
  const answer = useRef<HTMLDivElement>(null);
  const answered = charge ?? (error.length ? error : null);
  useEffect(() => {
    if (answered) answer.current?.focus();
  }, [answered]);
  return (
    // Fields, then the installment plans, then the button and its answer: on a phone in that
    // order down the page; from 1024 px the plans sit beside the form.
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <Card padding={5} className="lg:col-start-1 lg:row-start-1">
        <KitForm id="charge-form" form={form} onValid={create.submit} className="space-y-4" autoComplete="off">
          <div className="grid gap-4 sm:grid-cols-3">
            <MoneyInput name="amount" id="amount" label={t("amount")} currency={currency} preview required />
            <CurrencySelect name="currency" />
            <TextInput name="country" label={t("country")} maxLength={2} placeholder="US" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectInput name="method" label={t("method")}>
              {CHARGE_METHODS.map((m) => (
                <option key={m} value={m}>
                  {methodLabel(m)}
                </option>
              ))}
              <option value="">{t("noMethod")}</option>
            </SelectInput>
            <TextInput name="reference" label={t("reference")} />
          </div>
          {method === "card" && <CardFields />}
          {REDIRECT.has(method) && (
            <p className="text-sm text-slate-600">{t("redirect", { method: methodLabel(method) })}</p>
          )}
          <CheckboxInput name="autoCapture" label={t("autoCapture")} />
          <ChargeSections userId={userId} />
          <FormSummary />
        </KitForm>
      </Card>

      <div className="space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        {/* Beside the form, not in it: choosing an offer fills the form's installments. */}
        <FormProvider {...form}>
          <ConsultPanel />
        </FormProvider>
      </div>

      <div className="space-y-3 lg:col-start-1 lg:row-start-2">
        <div className="flex flex-wrap items-start gap-3">
          <Button type="submit" form="charge-form" disabled={create.isPending}>
            {create.isPending ? t("charging") : t("submit")}
          </Button>
          <FormProvider {...form}>
            <RequestPreview ipn={ipn} />
          </FormProvider>
        </div>
        <div ref={answer} tabIndex={-1} className="space-y-3 outline-none">
          {error.length > 0 && (
            <Notice tone="error" testId="charge-error">
              {error.join(" ")}
            </Notice>
          )}
          {charge && (
            <section
              className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm"
              data-testid="charge-result"
            >
              <h2 className="font-semibold text-emerald-900">{t("result", { status: statusLabel(charge.status) })}</h2>
              <p className="mt-1">
                {t("resultFacts", { amount: f.money(charge.amount, charge.currency), reference: charge.reference })}
              </p>
              {charge.payment?.data?.pan && <p>{t("resultCard", { pan: charge.payment.data.pan })}</p>}
              {charge.payment?.token && (
                <p data-testid="charge-vault-token" data-token={charge.payment.token}>
                  {t("resultToken", { token: charge.payment.token })}{" "}
                  <Link
                    href={`/terminal?vaultToken=${encodeURIComponent(charge.payment.token)}`}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {t("chargeToken")}
                  </Link>
                </p>
              )}
              <Link
                href={`/transactions/${encodeURIComponent(charge.id)}`}
                className="mt-2 inline-block font-medium text-brand-700 hover:underline"
              >
                {t("open", { id: charge.id })}
              </Link>
              {charge.payment?.client && charge.payment.client.length > 0 && (
                <PaymentLinks links={charge.payment.client} />
              )}
              <Button
                type="button"
                variant="secondary"
                className="mt-3"
                onClick={() => {
                  create.reset();
                  form.reset(chargeDefaults(vaultToken));
                  document.getElementById("amount")?.focus();
                }}
              >
                {t("newCharge")}
              </Button>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
