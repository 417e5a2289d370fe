"use client";

import { useFormContext } from "react-hook-form";
import { TextInput } from "@/components/form/inputs";
import { INDICATORS, redirectStyle } from "@/lib/charges/sections";
import { useTranslations } from "@/lib/platform/i18n/client";

/** transaction.locale, payment.indicator, payment.timeout, consumer.ext_data.document_id, transaction.note. */
export function AdvancedFields() {
  const t = useTranslations("terminal.fields");
  const { watch } = useFormContext();
  const method = String(watch("method") ?? "");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name="locale" label={t("locale")} placeholder="en-US" hint="transaction.locale" />
      <TextInput name="indicator" label={t("indicator")} list="terminal-indicators" hint="payment.indicator" />
      <datalist id="terminal-indicators">
        {INDICATORS.map((i) => (
          <option key={i} value={i} />
        ))}
      </datalist>
      {redirectStyle(method) && (
        <TextInput name="timeout" label={t("timeout")} inputMode="numeric" placeholder="1000" hint={t("timeoutHint")} />
      )}
      <TextInput name="consumer.documentId" label={t("documentId")} hint="consumer.ext_data.document_id" />
      <TextInput name="note" label={t("note")} maxLength={200} hint="transaction.note" />
    </div>
  );
}
