"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import { SelectInput, TextInput } from "@/components/form/field";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import type { EnvironmentChange, EnvironmentValues } from "./environment-values";

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
  const router = useRouter();
  const form = useKitForm<EnvironmentValues, EnvironmentChange>({
    schema: () => import("./environment-schema").then((m) => m.environmentFormSchema),
    defaultValues: {
      ...initial,
      upiTimeoutMs: String(initial.upiTimeoutMs / 1000),
      customsTimeoutMs: String(initial.customsTimeoutMs / 1000),
    },
  });
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  // A new base URL or public URL asks for a fresh authenticator code (the server decides).
  const { withStepUp, dialog } = useStepUp();
  const save = useMutation({
    mutationFn: (change: EnvironmentChange) =>
      withStepUp(() => apiFetch<{ settings: Settings }>("/api/settings", { method: "PATCH", json: change })),
    onSuccess: () => {
      setMessage({ tone: "success", text: "Settings saved." });
      router.refresh(); // a changed base URL shows as not tested yet
    },
    onError: (e) => {
      const left = applyServerErrors(form, e);
      setMessage(left.length ? { tone: "error", text: left.join(" ") } : null);
    },
  });

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">Environment</h2>
      <p className="text-sm text-slate-600">
        The sandbox emulates both services; production sends real money and real declarations.
      </p>
      <KitForm
        form={form}
        onValid={(change) => {
          setMessage(null);
          save.mutate(change);
        }}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
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
        <div className="space-y-3 sm:col-span-2">
          <FormSummary />
          {message && (
            <Notice tone={message.tone} testId="environment-message">
              {message.text}
            </Notice>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save settings"}
          </Button>
        </div>
      </KitForm>
      {dialog}
    </section>
  );
}
