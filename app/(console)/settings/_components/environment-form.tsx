"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";

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
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  // A new base URL or public URL asks for a fresh authenticator code (the server decides).
  const { withStepUp, dialog } = useStepUp();
  const save = useMutation({
    mutationFn: (change: Partial<Settings>) =>
      withStepUp(() => apiFetch<{ settings: Settings }>("/api/settings", { method: "PATCH", json: change })),
    onSuccess: () => {
      setMessage({ tone: "success", text: "Settings saved." });
      router.refresh(); // a changed base URL shows as not tested yet
    },
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    save.mutate({
      environment: text("environment") as Settings["environment"],
      upiBaseUrl: text("upiBaseUrl"),
      customsBaseUrl: text("customsBaseUrl"),
      declarationInquiryPath: text("declarationInquiryPath"),
      upiTimeoutMs: Math.round(Number(text("upiTimeout")) * 1000),
      customsTimeoutMs: Math.round(Number(text("customsTimeout")) * 1000),
      merchantCustomsCode: text("merchantCustomsCode"),
      merchantCustomsName: text("merchantCustomsName"),
      publicUrl: text("publicUrl"),
    });
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">Environment</h2>
      <p className="text-sm text-slate-600">
        The sandbox emulates both services; production sends real money and real declarations.
      </p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <SelectField label="Environment" id="environment" defaultValue={initial.environment}>
          <option value="sandbox">Sandbox</option>
          <option value="production">Production</option>
        </SelectField>
        <TextField
          label="Console public URL (for webhooks)"
          id="publicUrl"
          defaultValue={initial.publicUrl}
          placeholder="https://console.example.com"
        />
        <TextField label="Payment API base URL" id="upiBaseUrl" defaultValue={initial.upiBaseUrl} />
        <TextField
          label="Payment API time-out (seconds)"
          id="upiTimeout"
          type="number"
          min={1}
          max={120}
          defaultValue={initial.upiTimeoutMs / 1000}
        />
        <TextField label="Customs service base URL" id="customsBaseUrl" defaultValue={initial.customsBaseUrl} />
        <TextField
          label="Customs time-out (seconds)"
          id="customsTimeout"
          type="number"
          min={1}
          max={300}
          defaultValue={initial.customsTimeoutMs / 1000}
        />
        <TextField
          label="Declaration inquiry path"
          id="declarationInquiryPath"
          defaultValue={initial.declarationInquiryPath}
        />
        <div />
        <TextField label="Merchant customs code" id="merchantCustomsCode" defaultValue={initial.merchantCustomsCode} />
        <TextField label="Merchant customs name" id="merchantCustomsName" defaultValue={initial.merchantCustomsName} />
        <div className="space-y-3 sm:col-span-2">
          {message && (
            <Notice tone={message.tone} testId="environment-message">
              {message.text}
            </Notice>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save settings"}
          </Button>
        </div>
      </form>
      {dialog}
    </section>
  );
}
