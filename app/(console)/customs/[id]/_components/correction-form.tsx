"use client";

import { useEffect, useRef } from "react";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { ID_TYPES, PAYMENT_TYPES_BY_VENDOR } from "@/lib/declarations/constants";
import { paymentTypeLabel } from "@/lib/customs/explain";
import type { ResubmitInput } from "@/lib/declarations/schemas";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SelectInput, TextInput } from "@/components/form/inputs";
import { MoneyInput } from "@/components/form/money-input";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import {
  type CorrectionTarget,
  type CorrectionValues,
  correctionBudget,
  correctionDefaults,
  feeFields,
} from "./correction-values";
import { useResubmit } from "./use-resubmit";

/** The order's CNY budget with the correction as typed: Customs's count, not only this declaration's. */
function CorrectionBudget({ values, target }: { values: CorrectionValues; target: CorrectionTarget }) {
  const t = useTranslations("customs.correct");
  const f = useFormat();
  const cny = (fen: number) => f.money(fen, "CNY");
  const b = correctionBudget(values, target);
  if (b.cap === null) return <p className="text-sm text-slate-600">{t("budgetUnknown", { held: cny(b.besides) })}</p>;
  return (
    <p className={`text-sm ${b.over ? "text-red-700" : "text-slate-700"}`} data-testid="correction-budget">
      {t("budget", { held: cny(b.besides), cap: cny(b.cap), total: cny(b.total) })}
      {b.over ? t("over", { amount: cny(b.total - b.cap) }) : t("left", { amount: cny(b.left ?? 0) })}
      {b.kept > 0 ? ` ${t("kept", { fee: cny(b.kept) })}` : ""}
    </p>
  );
}

/**
 * A sub-order Customs rejected, or that was never taken, corrected: every field Customs may
 * refuse, pre-filled with what was sent. The same number re-pushes it; a new one (split
 * orders) declares another. One Idempotency-Key per intent: a double click sends once.
 */
export function CorrectionForm({ target, reason }: { target: CorrectionTarget; reason: string }) {
  const t = useTranslations("customs");
  const form = useKitForm<CorrectionValues, ResubmitInput>({
    schema: () => import("./correction-schema").then((m) => m.correctionFormSchema(target)),
    defaultValues: correctionDefaults(target),
    mode: "onChange",
  });
  const {
    open,
    setOpen,
    error,
    resubmit: correct,
  } = useResubmit({ declarationId: target.declarationId, subOrderId: target.subOrder.id }, form);
  const values = form.watch();
  const fees = feeFields(target);
  const f = useFormat();
  // What an emptied fee sends: the server keeps the fee sent before; without one the field is left out.
  const empty = (name: "orderFee" | "transportFee" | "productFee" | "duty", field: string, zero: boolean) => {
    if (String(values[name] ?? "").trim()) return undefined;
    const before = name === "duty" ? target.duty : target.subOrder[name];
    if (before === null) return t("correct.emptyOmitted", { field });
    return `${t("correct.emptyKept", { fee: f.money(before, "CNY") })}${zero ? ` ${t("correct.emptyZero")}` : ""}`;
  };
  const id = (name: string) => `correct-${target.subOrder.id}-${name}`;
  // Opened: focus on its first field a person may change. Cancelled: back on "Correct…".
  const opener = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening and closing move focus.
  useEffect(() => {
    if (open) {
      opened.current = true;
      form.setFocus(target.isSplit ? "subOrderNo" : "paymentType");
    } else if (opened.current) opener.current?.focus();
  }, [open]);
  if (!open)
    return (
      <div className="mt-3">
        <Button ref={opener} variant="secondary" onClick={() => setOpen(true)}>
          {t("correct.open")}
        </Button>
      </div>
    );
  return (
    <KitForm
      form={form}
      onValid={correct.submit}
      className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      aria-label={t("correct.title", { subOrderNo: target.subOrder.subOrderNo })}
    >
      <p className="text-sm font-medium">{t("correct.title", { subOrderNo: target.subOrder.subOrderNo })}</p>
      <p className="text-sm text-slate-600">{reason}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          name="subOrderNo"
          id={id("subOrderNo")}
          label={t("correct.subOrderNo")}
          hint={target.isSplit ? t("correct.subOrderNoHint") : undefined}
          readOnly={!target.isSplit}
        />
        <SelectInput name="paymentType" id={id("paymentType")} label={t("correct.paymentType")}>
          {PAYMENT_TYPES_BY_VENDOR[target.vendor as keyof typeof PAYMENT_TYPES_BY_VENDOR]?.map((p) => (
            <option key={p} value={p}>
              {paymentTypeLabel(t, p)}
            </option>
          ))}
        </SelectInput>
        {fees.orderFee && (
          <MoneyInput
            name="orderFee"
            id={id("orderFee")}
            label={t("correct.orderFee")}
            currency="CNY"
            hint={empty("orderFee", "order_fee", false)}
          />
        )}
        {fees.transportProduct && (
          <>
            <MoneyInput
              name="transportFee"
              id={id("transportFee")}
              label={t("correct.transportFee")}
              currency="CNY"
              allowZero
              hint={empty("transportFee", "transport_fee", true)}
            />
            <MoneyInput
              name="productFee"
              id={id("productFee")}
              label={t("correct.productFee")}
              currency="CNY"
              hint={empty("productFee", "product_fee", false)}
            />
          </>
        )}
        <MoneyInput
          name="duty"
          id={id("duty")}
          label={t("correct.duty")}
          currency="CNY"
          allowZero
          hint={empty("duty", "duty", true)}
        />
        <TextInput name="buyerName" id={id("buyerName")} label={t("correct.buyerName")} autoComplete="off" />
        {target.vendor === "upop" && (
          <SelectInput name="idType" id={id("idType")} label={t("correct.idType")}>
            {Object.keys(ID_TYPES).map((k) => (
              <option key={k} value={k}>
                {t(`idTypes.${k as keyof typeof ID_TYPES}`)}
              </option>
            ))}
          </SelectInput>
        )}
        <TextInput
          name="idNumber"
          id={id("idNumber")}
          label={t("correct.idNumber")}
          autoComplete="off"
          hint={target.idNumberMasked ? t("correct.idNumberKept", { masked: target.idNumberMasked }) : undefined}
        />
      </div>
      <CorrectionBudget values={values} target={target} />
      <div className="flex gap-3">
        <Button type="submit" disabled={correct.isPending}>
          {correct.isPending ? t("actions.sending") : t("correct.send")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {t("actions.cancel")}
        </Button>
      </div>
      {error.length > 0 && <Notice tone="error">{error.join(" ")}</Notice>}
    </KitForm>
  );
}
