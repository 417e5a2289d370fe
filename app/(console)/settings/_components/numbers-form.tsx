"use client";

import type { DefaultValues } from "react-hook-form";
import { TextInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import type { Settings } from "@/lib/platform/settings/schema";
import { SettingsForm } from "./use-settings-save";
import type { NumberKey } from "./numbers-schema";

/**
 * A Settings card of whole numbers (the reconciliation's days and rate, the inbox's retention):
 * each typed as text, checked at the first check by the server's own schema for its key.
 */
export function NumbersForm<K extends NumberKey>({
  section,
  columns,
  fields,
}: {
  section: "reconciliation" | "retention";
  columns: 2 | 4;
  fields: { key: K; id: string; label: string; value: number }[];
}) {
  const keys = fields.map((f) => f.key);
  const form = useKitForm<Record<K, string>, Pick<Settings, K>>({
    schema: () => import("./numbers-schema").then((m) => () => m.numbersFormSchema(keys)),
    defaultValues: Object.fromEntries(fields.map((f) => [f.key, String(f.value)])) as DefaultValues<Record<K, string>>,
  });
  return (
    <SettingsForm section={section} testId={section} form={form} columns={columns}>
      {fields.map((f) => (
        <TextInput key={f.key} name={f.key} id={f.id} label={f.label} inputMode="numeric" />
      ))}
    </SettingsForm>
  );
}
