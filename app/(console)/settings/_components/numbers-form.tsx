"use client";

import { TextInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import type { Settings } from "@/lib/platform/settings/schema";
import { SettingsForm } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { NumberKey } from "./numbers-schema";

const SECTIONS = {
  reconciliation: {
    columns: 4,
    fields: [
      ["reconciliationDays", "reconciliation-days", "reconciliation.days"],
      ["reconciliationRatePerSecond", "reconciliation-rate", "reconciliation.rate"],
    ],
  },
  retention: {
    columns: 2,
    fields: [
      ["webhookRetentionDays", "retention-settled", "retention.settled"],
      ["webhookRejectedRetentionDays", "retention-refused", "retention.refused"],
    ],
  },
} as const;

/**
 * A Settings card of whole numbers (the reconciliation's days and rate, the inbox's retention):
 * each typed as text, checked at the first check by the server's own schema for its key.
 */
export function NumbersForm({
  section,
  values,
}: {
  section: keyof typeof SECTIONS;
  values: Pick<Settings, NumberKey>;
}) {
  const t = useTranslations("settings");
  const { columns, fields } = SECTIONS[section];
  const keys = fields.map(([key]) => key);
  const form = useKitForm<Record<NumberKey, string>, Pick<Settings, NumberKey>>({
    schema: () => import("./numbers-schema").then((m) => () => m.numbersFormSchema(keys)),
    defaultValues: Object.fromEntries(fields.map(([key]) => [key, String(values[key])])),
  });
  return (
    <SettingsForm section={section} testId={section} form={form} columns={columns}>
      {fields.map(([key, id, label]) => (
        <TextInput key={key} name={key} id={id} label={t(label)} inputMode="numeric" />
      ))}
    </SettingsForm>
  );
}
