"use client";

import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { apiFetch, ApiClientError } from "@/lib/api/client";
import { METHODS } from "@/lib/ledger/constants";
import { formatMoney, parseMajorToMinor } from "@/lib/money";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { ConsultPanel } from "./consult-panel";
import { PaymentLinks, type ClientLink } from "./payment-links";

type Charge = {
  id: string;
  reference: string;
  status: string;
  amount: number;
  currency: string;
  charge_token?: string;
  payment?: { client?: ClientLink[]; data?: { pan?: string | null } | null };
};

const REDIRECT = new Set(["alipay", "wechatpay", "upop", "naverpay", "kakaopay", "payco"]);
const CARD_FIELDS = ["pan", "expiry", "cvv"];
const newKey = () => crypto.randomUUID();

/** Keep the key when the outcome may be unknown: sending it again is the same charge, never a second. */
const keepKey = (e: Error) => e instanceof ApiClientError && (e.status === 0 || e.details?.outcome === "unknown");

export function ChargeForm({ vaultToken }: { vaultToken?: string }) {
  const [method, setMethod] = useState<string>("card");
  const [currency, setCurrency] = useState("USD");
  const [amountText, setAmountText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // One Idempotency-Key per intent: a double click or a retry of this submit is the same charge.
  const key = useRef(newKey());
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<Charge>("/api/charges", { method: "POST", json: body, headers: { "Idempotency-Key": key.current } }),
    onError: (e) => {
      setError(e.message);
      if (!keepKey(e)) key.current = newKey();
    },
    onSuccess: () => {
      setError(null);
      key.current = newKey();
      // Card data must not wait in the form for a stray click to charge it again.
      for (const name of CARD_FIELDS) {
        const input = formRef.current?.elements.namedItem(name);
        if (input instanceof HTMLInputElement) input.value = "";
      }
    },
  });
  const parsed = amountText ? parseMajorToMinor(amountText, currency) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    const amount = parseMajorToMinor(text("amount"), currency);
    if (!amount.ok) return setError(amount.error);
    const body: Record<string, unknown> = {
      amount: amount.minor,
      currency,
      autoCapture: f.get("autoCapture") === "on",
      ...(text("reference") ? { reference: text("reference") } : {}),
      ...(text("country") ? { country: text("country").toUpperCase() } : {}),
      ...(method ? { method } : {}),
      ...(text("consumerReference") || text("email")
        ? {
            consumer: {
              ...(text("consumerReference") ? { reference: text("consumerReference") } : {}),
              ...(text("email") ? { email: text("email") } : {}),
            },
          }
        : {}),
    };
    if (method === "card") {
      if (text("vaultToken")) body.vaultToken = text("vaultToken");
      else
        body.card = {
          pan: text("pan"),
          expiry: text("expiry"),
          cvv: text("cvv"),
          firstName: text("firstName") || undefined,
          lastName: text("lastName") || undefined,
        };
      if (f.get("requestToken") === "on") body.requestToken = true;
    }
    if (create.isPending) return;
    create.mutate(body);
  }

  const charge = create.data;
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <form
        ref={formRef}
        onSubmit={onSubmit}
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
        noValidate
        autoComplete="off"
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Amount"
            id="amount"
            inputMode="decimal"
            placeholder="19.99"
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            required
          />
          <TextField
            label="Currency"
            id="currency"
            value={currency}
            maxLength={3}
            onChange={(e) => setCurrency(e.target.value.toUpperCase())}
            required
          />
          <TextField label="Country" id="country" maxLength={2} placeholder="US" />
        </div>
        {parsed && !parsed.ok && (
          <p className="text-sm text-red-700" data-testid="amount-error">
            {parsed.error}
          </p>
        )}
        {parsed?.ok && (
          <p className="text-sm text-slate-600">
            Will charge <strong>{formatMoney(parsed.minor, currency)}</strong> ({parsed.minor} minor units).
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Payment method" id="method" value={method} onChange={(e) => setMethod(e.target.value)}>
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
            <option value="">None yet (confirm later)</option>
          </SelectField>
          <TextField label="Reference (optional, generated when empty)" id="reference" />
        </div>
        {method === "card" && (
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium text-slate-700">Card</legend>
            <TextField label="Card number" id="pan" inputMode="numeric" autoComplete="off" />
            <div className="grid grid-cols-2 gap-3">
              <TextField label="Expiry (MM/YY)" id="expiry" placeholder="12/30" autoComplete="off" />
              <TextField label="CVV" id="cvv" inputMode="numeric" autoComplete="off" type="password" />
            </div>
            <TextField label="First name" id="firstName" />
            <TextField label="Last name" id="lastName" />
            <TextField label="Or pay with a vault token" id="vaultToken" placeholder="vt_…" defaultValue={vaultToken} />
            <label className="flex items-center gap-2 self-end text-sm">
              <input type="checkbox" name="requestToken" /> Store the card in the vault
            </label>
          </fieldset>
        )}
        {REDIRECT.has(method) && (
          <p className="text-sm text-slate-600">
            The customer completes a {method} payment on the provider’s page; the console shows the link and a QR code.
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Consumer reference" id="consumerReference" />
          <TextField label="Consumer email" id="email" type="email" />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="autoCapture" /> Capture at once (otherwise authorize only)
        </label>
        {error && (
          <Notice tone="error" testId="charge-error">
            {error}
          </Notice>
        )}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Charging…" : "Charge"}
        </Button>
      </form>

      <div className="space-y-4">
        <ConsultPanel amount={parsed?.ok ? parsed.minor : null} currency={currency} method={method} />
        {charge && (
          <section
            className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm"
            data-testid="charge-result"
          >
            <h2 className="font-semibold text-emerald-900">Charge {charge.status}</h2>
            <p className="mt-1">
              {formatMoney(charge.amount, charge.currency)} · reference {charge.reference}
            </p>
            {charge.payment?.data?.pan && <p>Card {charge.payment.data.pan}</p>}
            <Link
              href={`/transactions/${encodeURIComponent(charge.id)}`}
              className="mt-2 inline-block font-medium text-brand-700 hover:underline"
            >
              Open transaction {charge.id}
            </Link>
            {charge.payment?.client && charge.payment.client.length > 0 && (
              <PaymentLinks links={charge.payment.client} />
            )}
          </section>
        )}
      </div>
    </div>
  );
}
