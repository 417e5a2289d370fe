"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { apiFetch, ApiClientError } from "@/lib/api/client";
import { parseMajorToMinor } from "@/lib/money";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

export function PaymentLinkForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  // One Idempotency-Key per intent, kept while the outcome may be unknown: a retry is the same link.
  const key = useRef(crypto.randomUUID());
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<{ id: string }>("/api/payment-links", {
        method: "POST",
        json: body,
        headers: { "Idempotency-Key": key.current },
      }),
    onSuccess: () => {
      setError(null);
      key.current = crypto.randomUUID();
      router.refresh();
    },
    onError: (e) => {
      setError(e.message);
      if (!(e instanceof ApiClientError && (e.status === 0 || e.details?.outcome === "unknown")))
        key.current = crypto.randomUUID();
    },
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const currency = String(f.get("currency") ?? "")
      .trim()
      .toUpperCase();
    const amount = parseMajorToMinor(String(f.get("amount") ?? ""), currency || "USD");
    if (!amount.ok) return setError(amount.error);
    const reference = String(f.get("reference") ?? "").trim();
    create.mutate({
      kind: f.get("kind"),
      vendor: f.get("vendor"),
      amount: amount.minor,
      currency,
      ...(reference ? { reference } : {}),
    });
  }
  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-5 sm:items-end"
      noValidate
    >
      <SelectField label="Kind" id="kind" defaultValue="hosted">
        <option value="hosted">Hosted page</option>
        <option value="qr">QR code</option>
      </SelectField>
      <SelectField label="Wallet" id="vendor" defaultValue="alipay">
        <option value="alipay">alipay</option>
        <option value="wechatpay">wechatpay</option>
        <option value="upop">upop</option>
      </SelectField>
      <TextField label="Amount" id="amount" inputMode="decimal" placeholder="100.00" />
      <TextField label="Currency" id="currency" defaultValue="USD" maxLength={3} />
      <TextField label="Reference (optional)" id="reference" />
      <div className="space-y-2 sm:col-span-5">
        {error && (
          <Notice tone="error" testId="link-error">
            {error}
          </Notice>
        )}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create payment link"}
        </Button>
      </div>
    </form>
  );
}
