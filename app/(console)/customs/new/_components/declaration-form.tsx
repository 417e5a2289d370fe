"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { toMajorString } from "@/lib/money";
import { VENDORS } from "@/lib/customs/constants";
import { PAYMENT_TYPES_BY_VENDOR } from "@/lib/declarations/constants";
import { budget, declarationProblems, type Parent } from "@/lib/declarations/rules";
import type { DeclarationInput } from "@/lib/declarations/schemas";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SelectInput, TextInput } from "@/components/form/field";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
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
  const [parent, setParent] = useState<Lookup | null>(null);
  const form = useKitForm<DeclarationValues, DeclarationInput>({
    schema: () => import("./declaration-schema").then((m) => m.declarationFormSchema(parent?.transactionId ?? null)),
    defaultValues: declarationDefaults(defaults.code, defaults.name, locations[0] ?? ""),
    mode: "onChange",
  });
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string[]>([]);
  const values = form.watch();
  const { vendor, isSplit: split } = values;

  const subOrders = split ? subOrderDrafts(values.subOrders, vendor) : [];
  const parentFacts: Parent = parent ?? { currency: null, amount: null, cnyFen: null, method: null };
  const problems = [
    ...(parent?.transactionId ? [] : ["Look up the payment first."]),
    ...(!values.merchantCustomsCode.trim() || !values.merchantCustomsName.trim()
      ? ["Enter the merchant customs code and name."]
      : []),
    ...(!values.customsLocation.trim() ? ["Enter the customs location."] : []),
    ...withUnreadable(
      declarationProblems(
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
    ),
  ];
  const b = budget(subOrders, parentFacts);
  const types = PAYMENT_TYPES_BY_VENDOR[vendor];

  const submit = useMutation({
    mutationFn: (body: DeclarationInput) =>
      apiFetch<{ declaration: { id: string } }>("/api/customs/declarations", {
        method: "POST",
        headers: { "Idempotency-Key": key },
        json: body,
      }),
    onSuccess: ({ declaration }) => router.push(`/customs/${declaration.id}`),
    onError: (e) => {
      setError(applyServerErrors(form, e, declarationField));
      setKey(crypto.randomUUID());
    },
  });

  return (
    <KitForm
      form={form}
      className="space-y-4"
      onValid={(body) => {
        if (problems.length === 0 && !submit.isPending) submit.mutate(body);
      }}
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

      <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <SelectInput
          name="vendor"
          label="Vendor"
          onChange={(e) => {
            const v = e.target.value as DeclarationValues["vendor"];
            if (!(PAYMENT_TYPES_BY_VENDOR[v] as readonly string[]).includes(form.getValues("paymentType")))
              form.setValue("paymentType", "Online");
          }}
        >
          {VENDORS.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="paymentType" label="Payment type">
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectInput>
        <div>
          <TextInput name="customsLocation" label="Customs location" list="recent-locations" />
          <datalist id="recent-locations">
            {locations.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
        </div>
        <TextInput name="merchantCustomsCode" label="Merchant customs code" />
        <TextInput name="merchantCustomsName" label="Merchant customs name" />
        <MoneyInput name="duty" label="Duty (CNY, where the port needs it)" currency="CNY" allowZero />
      </section>

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
        </Notice>
      )}
      <Button type="submit" disabled={problems.length > 0 || submit.isPending}>
        {submit.isPending
          ? "Declaring…"
          : split
            ? `Declare ${values.subOrders.length} sub-order${values.subOrders.length === 1 ? "" : "s"}`
            : "Declare"}
      </Button>
      {parent?.cnyFen != null && split && (
        <p className="text-xs text-slate-500">Tip: the order's CNY amount is {toMajorString(parent.cnyFen, "CNY")}.</p>
      )}
    </KitForm>
  );
}
