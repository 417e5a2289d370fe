"use client";

import { useFormContext } from "react-hook-form";
import { TextInput } from "@/components/form/inputs";
import { INDICATORS, redirectStyle } from "@/lib/charges/sections";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useApiName } from "./api-names";

/** transaction.locale, payment.indicator, payment.timeout, consumer.ext_data.document_id, transaction.note. */
export function AdvancedFields() {
  const t = useTranslations("terminal.fields");
  const { watch } = useFormContext();
  const api = useApiName();
  const method = String(watch("method") ?? "");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name="locale" label={t("locale")} placeholder="en-US" hint={api("transaction.locale")} />
      <TextInput name="indicator" label={t("indicator")} list="terminal-indicators" hint={api("payment.indicator")} />
      <datalist id="terminal-indicators">
        {INDICATORS.map((i) => (
          <option key={i} value={i} />
        ))}
      </datalist>
      {redirectStyle(method) && (
        <TextInput
          name="timeout"
          label={t("timeout")}
          inputMode="numeric"
          placeholder="1000"
          hint={api("payment.timeout", t("timeoutHint"))}
        />
      )}
      <TextInput name="consumer.documentId" label={t("documentId")} hint={api("consumer.ext_data.document_id")} />
      <TextInput name="note" label={t("note")} maxLength={200} hint={api("transaction.note")} />
    </div>
  );
}
