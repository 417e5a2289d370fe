"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/api/client";
import { METHODS } from "@/lib/ledger/constants";
import { parseMajorToMinor, toMajorString } from "@/lib/money";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useOutcome } from "@/components/outcome/use-outcome";

/** Confirm charge: supply the method, or change the amount, while the charge is initiated. */
export function ConfirmPanel({
  chargeToken,
  reference,
  amount,
  currency,
  method,
}: {
  chargeToken: string;
  reference: string;
  amount: number;
  currency: string;
  method: string | null;
}) {
  const outcome = useOutcome();
  // A charge created without a method may record none or an empty one: offer the card then.
  const [chosen, setChosen] = useState<string>(METHODS.find((m) => m === method) ?? "card");
  const [error, setError] = useState<string | null>(null);
  // One Idempotency-Key per confirm: a double click or a retry confirms once.
  const key = useRef(crypto.randomUUID());
  const confirm = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch(`/api/charges/${encodeURIComponent(chargeToken)}/confirm`, {
        method: "POST",
        json: body,
        headers: { "Idempotency-Key": key.current },
      }),
    onSuccess: () => outcome.show({ tone: "success", text: "Charge confirmed." }),
    onError: (e) => setError(e.message),
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    const parsed = parseMajorToMinor(text("amount"), currency);
    if (!parsed.ok) return setError(parsed.error);
    confirm.mutate({
      reference,
      amount: parsed.minor,
      currency,
      method: chosen,
      ...(chosen === "card" ? { card: { pan: text("pan"), expiry: text("expiry"), cvv: text("cvv") } } : {}),
    });
  }
  return (
    <section className="rounded-xl border border-amber-200 bg-amber-50 p-4" data-testid="confirm-panel">
      <h2 className="font-semibold">Confirm this charge</h2>
      <p className="text-sm text-slate-700">
        It is not authorized yet: supply the payment method, or change the amount (for example after shipping was
        recalculated).
      </p>
      <form onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-3" noValidate autoComplete="off">
        <TextField
          label={`Amount (${currency})`}
          id="confirm-amount"
          name="amount"
          defaultValue={toMajorString(amount, currency)}
          inputMode="decimal"
        />
        <SelectField label="Method" id="confirm-method" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {METHODS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <div />
        {chosen === "card" && (
          <>
            <TextField label="Card number" id="confirm-pan" name="pan" inputMode="numeric" />
            <TextField label="Expiry (MM/YY)" id="confirm-expiry" name="expiry" />
            <TextField label="CVV" id="confirm-cvv" name="cvv" type="password" inputMode="numeric" />
          </>
        )}
        <div className="space-y-2 sm:col-span-3">
          {error && (
            <Notice tone="error" testId="confirm-error">
              {error}
            </Notice>
          )}
          <Button type="submit" disabled={confirm.isPending || outcome.refreshing}>
            {confirm.isPending ? "Confirming…" : "Confirm charge"}
          </Button>
        </div>
      </form>
    </section>
  );
}
