"use client";

import { SelectInput, TextInput } from "@/components/form/field";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import type { EnvironmentChange, EnvironmentValues } from "./environment-values";
import { SettingsFooter, useSettingsSave } from "./use-settings-save";

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
  const form = useKitForm<EnvironmentValues, EnvironmentChange>({
    schema: () => import("./environment-schema").then((m) => m.environmentFormSchema),
    defaultValues: {
      ...initial,
      upiTimeoutMs: String(initial.upiTimeoutMs / 1000),
      customsTimeoutMs: String(initial.customsTimeoutMs / 1000),
    },
  });
  // A new base URL or public URL asks for a fresh authenticator code (the server decides).
  const { onValid, pending, message, dialog } = useSettingsSave(form, "Settings saved.");

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">Environment</h2>
      <p className="text-sm text-slate-600">
        The sandbox emulates both services; production sends real money and real declarations.
      </p>
      <KitForm form={form} onValid={onValid} className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectInput name="environment" label="Environment">
          <option value="sandbox">Sandbox</option>
          <option value="production">Production</option>
        </SelectInput>
        <TextInput
          name="publicUrl"
          label="Console public URL (for webhooks)"
          placeholder="https://console.example.com"
        />
        <TextInput name="upiBaseUrl" label="Payment API base URL" />
        <TextInput name="upiTimeoutMs" id="upiTimeout" label="Payment API time-out (seconds)" inputMode="decimal" />
        <TextInput name="customsBaseUrl" label="Customs service base URL" />
        <TextInput name="customsTimeoutMs" id="customsTimeout" label="Customs time-out (seconds)" inputMode="decimal" />
        <TextInput name="declarationInquiryPath" label="Declaration inquiry path" />
        <div />
        <TextInput name="merchantCustomsCode" label="Merchant customs code" />
        <TextInput name="merchantCustomsName" label="Merchant customs name" />
        <SettingsFooter
          message={message}
          pending={pending}
          label="Save settings"
          testId="environment-message"
          className="sm:col-span-2"
        />
      </KitForm>
      {dialog}
    </section>
  );
}
