"use client";

import { SelectInput, TextInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import type { EnvironmentChange, EnvironmentValues } from "./environment-values";
import { SettingsForm } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";

type Settings = {
  environment: "sandbox" | "production";
  upiBaseUrl: string;
  customsBaseUrl: string;
  declarationInquiryPath: string;
  upiTimeoutMs: number;
  customsTimeoutMs: number;
  merchantCustomsCode: string;
  merchantCustomsName: string;
  publicUrl: string;
};

export function EnvironmentForm({ initial }: { initial: Settings }) {
  const t = useTranslations("settings");
  const form = useKitForm<EnvironmentValues, EnvironmentChange>({
    schema: () => import("./environment-schema").then((m) => m.environmentFormSchema),
    defaultValues: {
      ...initial,
      upiTimeoutMs: String(initial.upiTimeoutMs / 1000),
      customsTimeoutMs: String(initial.customsTimeoutMs / 1000),
    },
  });
  // A new base URL or public URL asks for a fresh authenticator code (the server decides).

  return (
    <SettingsForm section="environment" testId="environment" form={form} columns={2}>
      <SelectInput name="environment" label={t("environment.title")}>
        <option value="sandbox">{t("environment.sandbox")}</option>
        <option value="production">{t("environment.production")}</option>
      </SelectInput>
      <TextInput name="publicUrl" label={t("environment.publicUrl")} placeholder="https://console.example.com" />
      <TextInput name="upiBaseUrl" label={t("environment.upiBaseUrl")} />
      <TextInput name="upiTimeoutMs" id="upiTimeout" label={t("environment.upiTimeout")} inputMode="decimal" />
      <TextInput name="customsBaseUrl" label={t("environment.customsBaseUrl")} />
      <TextInput
        name="customsTimeoutMs"
        id="customsTimeout"
        label={t("environment.customsTimeout")}
        inputMode="decimal"
      />
      <TextInput name="declarationInquiryPath" label={t("environment.inquiryPath")} />
      <div />
      <TextInput name="merchantCustomsCode" label={t("environment.customsCode")} />
      <TextInput name="merchantCustomsName" label={t("environment.customsName")} />
    </SettingsForm>
  );
}
