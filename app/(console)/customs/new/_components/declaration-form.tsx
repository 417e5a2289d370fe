"use client";

import { useIntent } from "@/components/form/use-intent";
import { useRouter } from "next/navigation";
import { useState } from "react";
import Link from "next/link";
import { ApiClientError, apiFetch } from "@/lib/platform/api/client";
import { toMajorString } from "@/lib/platform/money";
import { VENDORS } from "@/lib/customs/constants";
import { PAYMENT_TYPES_BY_VENDOR } from "@/lib/declarations/constants";
import { budget, declarationIssues, type Parent, ruleText } from "@/lib/declarations/rules";
import { paymentTypeLabel, vendorLabel } from "@/lib/customs/explain";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import type { DeclarationInput } from "@/lib/declarations/schemas";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SelectInput, TextInput } from "@/components/form/inputs";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { useLeaveWarning } from "@/components/form/use-leave-warning";
import { MoneyInput } from "@/components/form/money-input";
import {
  declarationDefaults,
  declarationField,
  type DeclarationValues,
  subOrderDrafts,
  unreadableRows,
  withUnreadable,
} from "./declaration-values";
import { type Lookup, PaymentLookup } from "./payment-lookup";
import { SubOrdersEditor } from "./sub-orders-editor";
import { UpopFields } from "./upop-fields";
import { Card } from "@/components/ui/card";

// The new declaration: the payment it is for (payment-lookup.tsx), the vendor and merchant
// facts, a UnionPay buyer's identity (upop-fields.tsx), the sub-orders of a split
// (sub-orders-editor.tsx; fees read in declaration-values.ts), and every rule it still breaks.

export function DeclarationForm({
  transaction,
  defaults,
  locations,
}: {
  transaction: string;
  defaults: { code: string; name: string };
  locations: string[];
}) {
  const router = useRouter();
  const t = useTranslations("customs");
  const f = useFormat();
  const [parent, setParent] = useState<Lookup | null>(null);
  const form = useKitForm<DeclarationValues, DeclarationInput>({
    schema: () => import("./declaration-schema").then((m) => m.declarationFormSchema(parent?.transactionId ?? null)),
    defaultValues: declarationDefaults(defaults.code, defaults.name, locations[0] ?? ""),
    mode: "onChange",
  });
  const [error, setError] = useState<string[]>([]);
  // The order's declaration Customs already has (409 already_declared): where to correct it.
  const [existing, setExisting] = useState<string | null>(null);
  const values = form.watch();
  const { vendor, isSplit: split } = values;

  const subOrders = split ? subOrderDrafts(values.subOrders, vendor) : [];
  const parentFacts: Parent = parent ?? { currency: null, amount: null, cnyFen: null, method: null };
  const problems = [
    ...(parent?.transactionId ? [] : [t("form.lookUpFirst")]),
    ...(!values.merchantCustomsCode.trim() || !values.merchantCustomsName.trim() ? [t("form.enterMerchant")] : []),
    ...(!values.customsLocation.trim() ? [t("form.enterLocation")] : []),
    ...withUnreadable(
      declarationIssues(
        {
          vendor,
          paymentType: values.paymentType,
          isSplit: split,
          subOrders,
          upop: vendor === "upop" ? values.upop : null,
        },
        parentFacts,
      ),
      split ? unreadableRows(values.subOrders, vendor) : [],
    ).map((p) =>
      "unreadable" in p
        ? t("form.unreadable", { n: p.unreadable + 1 })
        : ruleText(
            (k, v) => t(k, v),
            (fen) => f.money(fen, "CNY"),
            p,
          ),
    ),
  ];
  const b = budget(subOrders, parentFacts);
  const types = PAYMENT_TYPES_BY_VENDOR[vendor];

  // An unknown outcome keeps the key: sending again is the same declaration (it used to be renewed).
  const submit = useIntent({
    send: (body: DeclarationInput, key) =>
      apiFetch<{ declaration: { id: string } }>("/api/customs/declarations", {
        method: "POST",
        headers: { "Idempotency-Key": key },
        json: body,
      }),
    onSuccess: ({ declaration }) => {
      router.push(`/customs/${declaration.id}`);
    },
    onError: (e) => {
      const id = e instanceof ApiClientError ? e.details?.declarationId : undefined;
      setExisting(typeof id === "string" ? id : null);
      setError(applyServerErrors(form, e, declarationField));
    },
  });

  // Typed and not sent: a reload asks first. Not once the declaration is on its way.
  // Once Customs has the order, its declaration is where the person goes next: nothing to lose.
  useLeaveWarning(form.formState.isDirty && !submit.isPending && !submit.isSuccess && !existing, t("leave"));

  return (
    <KitForm
      form={form}
      className="space-y-4"
      onValid={(body) => (problems.length === 0 ? submit.submit(body) : undefined)}
    >
      <PaymentLookup
        transaction={transaction}
        parent={parent}
        onFound={(p) => {
          setParent(p);
          if (p.method && (VENDORS as readonly string[]).includes(p.method))
            form.setValue("vendor", p.method as DeclarationValues["vendor"]);
        }}
      />

      <Card className="grid gap-4 sm:grid-cols-3">
        <SelectInput
          name="vendor"
          label={t("form.vendor")}
          onChange={(e) => {
            const v = e.target.value as DeclarationValues["vendor"];
            if (!(PAYMENT_TYPES_BY_VENDOR[v] as readonly string[]).includes(form.getValues("paymentType")))
              form.setValue("paymentType", "Online"); // i18n-ignore: the API's value
          }}
        >
          {VENDORS.map((v) => (
            <option key={v} value={v}>
              {vendorLabel(t, v)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="paymentType" label={t("form.paymentType")}>
          {types.map((type) => (
            <option key={type} value={type}>
              {paymentTypeLabel(t, type)}
            </option>
          ))}
        </SelectInput>
        <div>
          <TextInput name="customsLocation" label={t("form.customsLocation")} list="recent-locations" />
          <datalist id="recent-locations">
            {locations.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
        </div>
        <TextInput name="merchantCustomsCode" label={t("form.merchantCustomsCode")} />
        <TextInput name="merchantCustomsName" label={t("form.merchantCustomsName")} />
        <MoneyInput name="duty" label={t("form.duty")} currency="CNY" allowZero />
      </Card>

      {vendor === "upop" && <UpopFields />}

      <SubOrdersEditor budget={b} />

      {problems.length > 0 && (
        <ul
          className="list-disc space-y-1 rounded-xl border border-amber-300 bg-amber-50 p-4 pl-8 text-sm text-amber-900"
          data-testid="problems"
        >
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <FormSummary />
      {error.length > 0 && (
        <Notice tone="error" testId="declare-error">
          {error.join(" ")}
          {existing && (
            <>
              {" "}
              <Link className="font-medium underline" href={`/customs/${existing}`} data-testid="existing-declaration">
                {t("form.openExisting")}
              </Link>
            </>
          )}
        </Notice>
      )}
      <Button type="submit" disabled={problems.length > 0 || submit.isPending}>
        {submit.isPending
          ? t("form.declaring")
          : split
            ? t("form.declareSubOrders", { count: values.subOrders.length })
            : t("form.declare")}
      </Button>
      {parent?.cnyFen != null && split && (
        <p className="text-xs text-slate-500">{t("form.tip", { amount: toMajorString(parent.cnyFen, "CNY") })}</p>
      )}
    </KitForm>
  );
}
