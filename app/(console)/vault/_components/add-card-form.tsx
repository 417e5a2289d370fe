"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { apiFetch, ApiClientError } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

/** Card fields go straight to POST /api/vault and on to the payment service; the form is cleared after. */
export function AddCardForm() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  // One Idempotency-Key per intent, kept while the outcome may be unknown: a retry is the same card.
  const key = useRef(crypto.randomUUID());
  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<{ token: { token: string; panMasked: string | null } }>("/api/vault", {
        method: "POST",
        json: body,
        headers: { "Idempotency-Key": key.current },
      }),
    onSuccess: ({ token }, _vars) => {
      key.current = crypto.randomUUID();
      setResult({ tone: "success", text: `Stored ${token.panMasked ?? "the card"} as token ${token.token}.` });
      setOpen(false);
      router.refresh();
    },
    onError: (e) => {
      setResult({ tone: "error", text: e.message });
      if (!(e instanceof ApiClientError && (e.status === 0 || e.details?.outcome === "unknown")))
        key.current = crypto.randomUUID();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();

    const f = new FormData(event.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    const opt = (k: string) => text(k) || undefined;
    if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(text("vault-expiry")))
      return setResult({ tone: "error", text: "Expiry is MM/YY, for example 04/28." });
    const billing = {
      street: opt("bill-street"),
      city: opt("bill-city"),
      state: opt("bill-state"),
      country: opt("bill-country")?.toUpperCase(),
      zip: opt("bill-zip"),
    };
    const consumer = {
      reference: opt("consumer-reference"),
      email: opt("consumer-email"),
      phone: opt("consumer-phone"),
    };
    add.mutate({
      ...(opt("vault-reference") ? { reference: opt("vault-reference") } : {}),
      card: {
        pan: text("vault-pan"),
        expiry: text("vault-expiry"),
        cvv: text("vault-cvv"),
        firstName: text("vault-first"),
        lastName: text("vault-last"),
      },
      ...(Object.values(billing).some(Boolean) ? { billingAddress: billing } : {}),
      ...(Object.values(consumer).some(Boolean) ? { consumer } : {}),
    });
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">Add a card</h2>
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(!open);
            setResult(null);
          }}
          aria-expanded={open}
        >
          {open ? "Close" : "Add a card…"}
        </Button>
      </div>
      {open && (
        <form
          onSubmit={onSubmit}
          className="mt-3 grid gap-3 sm:grid-cols-3"
          noValidate
          autoComplete="off"
          data-testid="add-card-form"
        >
          <TextField label="Card number" id="vault-pan" inputMode="numeric" autoComplete="off" />
          <TextField label="Expiry (MM/YY)" id="vault-expiry" placeholder="MM/YY" autoComplete="off" />
          <TextField label="CVV" id="vault-cvv" type="password" inputMode="numeric" autoComplete="off" />
          <TextField label="First name" id="vault-first" />
          <TextField label="Last name" id="vault-last" />
          <TextField label="Reference (optional)" id="vault-reference" placeholder="made for you when empty" />
          <TextField label="Billing street" id="bill-street" />
          <TextField label="City" id="bill-city" />
          <TextField label="State" id="bill-state" />
          <TextField label="Country (2 letters)" id="bill-country" maxLength={2} />
          <TextField label="Postcode" id="bill-zip" />
          <div />
          <TextField label="Consumer reference" id="consumer-reference" />
          <TextField label="Consumer email" id="consumer-email" type="email" />
          <TextField label="Consumer phone" id="consumer-phone" />
          <div className="sm:col-span-3">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? "Storing…" : "Store the card"}
            </Button>
          </div>
        </form>
      )}
      {result && (
        <div className="mt-3">
          <Notice tone={result.tone} testId="vault-result">
            {result.text}
          </Notice>
        </div>
      )}
    </section>
  );
}
