"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { apiFetch, ApiClientError } from "@/lib/api/client";
import { formatMoney, parseMajorToMinor, toMajorString } from "@/lib/money";
import { REFUND_REASONS } from "@/lib/operations/labels";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useConfirm } from "@/components/ui/confirm-dialog";

type Kind = "capture" | "refund" | "cancel";
type Operation = { id: string; status: string; message: string };
type Props = {
  id: string;
  currency: string;
  method: string | null;
  /** What the next operation may take, net of operations in flight or awaiting approval. */
  room: { capture: number; refund: number };
  can: { capture: boolean; refund: boolean; cancel: boolean };
};

const newKey = () => crypto.randomUUID();

/**
 * Capture, refund and cancel on one charge. Each submission carries an Idempotency-Key kept
 * until the console gives a definite answer, so a double click or a retry after a dropped
 * connection is the same operation, never a second one.
 */
export function MoneyActions({ id, currency, method, room, can }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState<Kind | null>(null);
  const [key, setKey] = useState(newKey);
  const [result, setResult] = useState<{ tone: "success" | "error" | "warning" | "info"; text: string } | null>(null);
  const { ask, dialog } = useConfirm();

  const act = useMutation({
    mutationFn: ({ kind, body }: { kind: Kind; body: Record<string, unknown> }) =>
      apiFetch<{ operation: Operation }>(
        `/api/transactions/${encodeURIComponent(id)}/${kind === "capture" ? "captures" : kind === "refund" ? "refunds" : "cancel"}`,
        {
          method: "POST",
          json: body,
          headers: { "Idempotency-Key": key },
        },
      ),
    onSuccess: ({ operation }) => {
      const tone = operation.status === "succeeded" ? "success" : operation.status === "unknown" ? "warning" : "info";
      setResult({ tone, text: operation.message });
      setKey(newKey());
      setOpen(null);
      router.refresh();
    },
    onError: (error) => {
      setResult({ tone: "error", text: error.message });
      // No answer from the console: keep the key, so trying again cannot do it twice.
      if (!(error instanceof ApiClientError) || error.status !== 0) setKey(newKey());
      router.refresh();
    },
  });

  const toggle = (kind: Kind) => {
    setResult(null);
    setOpen(open === kind ? null : kind);
  };
  const submit = (kind: Kind, body: Record<string, unknown>) => act.mutate({ kind, body });
  const invalid = (text: string) => setResult({ tone: "error", text });
  const money = (v: number) => formatMoney(v, currency);

  const none = !can.capture && !can.refund && !can.cancel;
  // After the last possible action (a cancel, a full refund) the page refreshes without any:
  // the panel stays while it has something to say, so the person sees how it went.
  if (none && !result) return null;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" data-testid="money-actions">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-2 font-semibold">Actions</h2>
        {none && <span className="text-sm text-slate-500">Nothing more can be done on this charge.</span>}
        {can.capture && (
          <Button
            variant={open === "capture" ? "primary" : "secondary"}
            onClick={() => toggle("capture")}
            aria-expanded={open === "capture"}
          >
            Capture…
          </Button>
        )}
        {can.refund && (
          <Button
            variant={open === "refund" ? "primary" : "secondary"}
            onClick={() => toggle("refund")}
            aria-expanded={open === "refund"}
          >
            Refund…
          </Button>
        )}
        {can.cancel && (
          <Button
            variant="secondary"
            disabled={act.isPending}
            onClick={() => {
              setResult(null);
              setOpen(null);
              ask({
                title: `Cancel the authorization of ${money(room.capture)} on charge ${id}?`,
                description:
                  "The whole authorization is released; nothing can be captured afterwards. This cannot be undone.",
                confirmLabel: "Cancel the authorization",
                cancelLabel: "Keep it",
                onConfirm: () => submit("cancel", {}),
              });
            }}
          >
            {act.isPending && act.variables?.kind === "cancel" ? "Canceling…" : "Cancel authorization…"}
          </Button>
        )}
      </div>

      {open === "capture" && (
        // Keyed on what is left, so a refreshed page never leaves a stale amount in the field.
        <CaptureForm
          key={room.capture}
          currency={currency}
          klarna={method === "klarna"}
          left={room.capture}
          busy={act.isPending}
          onInvalid={invalid}
          onSubmit={(b) => submit("capture", b)}
          money={money}
        />
      )}
      {open === "refund" && (
        <RefundForm
          key={room.refund}
          currency={currency}
          left={room.refund}
          busy={act.isPending}
          onInvalid={invalid}
          onSubmit={(b) => submit("refund", b)}
          money={money}
        />
      )}
      {result && (
        <div className="mt-3">
          <Notice tone={result.tone} testId="action-result">
            {result.text}
          </Notice>
        </div>
      )}
      {dialog}
    </section>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-4">{children}</div>;
}

type FormProps = {
  currency: string;
  left: number;
  busy: boolean;
  onInvalid: (message: string) => void;
  onSubmit: (body: Record<string, unknown>) => void;
  money: (v: number) => string;
};

/** 0 < amount ≤ what is left, in the currency's own digits. */
function readAmount(
  text: string,
  currency: string,
  left: number,
  money: (v: number) => string,
): { minor: number } | { error: string } {
  const parsed = parseMajorToMinor(text, currency);
  if (!parsed.ok) return { error: parsed.error };
  if (parsed.minor > left) return { error: `The amount is more than the ${money(left)} left.` };
  return { minor: parsed.minor };
}

function CaptureForm({ currency, klarna, left, busy, onInvalid, onSubmit, money }: FormProps & { klarna: boolean }) {
  const [mode, setMode] = useState<"single" | "more" | "last">("single");
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    const amount = readAmount(text("capture-amount"), currency, left, money);
    if ("error" in amount) return onInvalid(amount.error);
    const vendor = text("shipping-vendor");
    const tracking = text("shipping-tracking");
    onSubmit({
      amount: amount.minor,
      ...(mode === "more" ? { multiCapture: true } : mode === "last" ? { lastCapture: true } : {}),
      ...(vendor || tracking ? { shipping: { ...(vendor ? { vendor } : {}), ...(tracking ? { tracking } : {}) } } : {}),
    });
  }
  return (
    <Panel>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3" data-testid="capture-form">
        <TextField
          label={`Amount to capture (${currency}), up to ${money(left)}`}
          id="capture-amount"
          defaultValue={toMajorString(left, currency)}
          inputMode="decimal"
        />
        {klarna && (
          <SelectField
            label="Klarna capture"
            id="capture-mode"
            value={mode}
            onChange={(e) => setMode(e.target.value as typeof mode)}
          >
            <option value="single">Only capture (releases the rest)</option>
            <option value="more">More captures will follow</option>
            <option value="last">Last capture</option>
          </SelectField>
        )}
        <div className="hidden sm:block" />
        <TextField label="Shipping vendor (optional)" id="shipping-vendor" maxLength={100} />
        <TextField label="Tracking number (optional)" id="shipping-tracking" maxLength={100} />
        <div className="flex items-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Capturing…" : "Capture"}
          </Button>
        </div>
        {!klarna && (
          <p className="text-xs text-slate-500 sm:col-span-3">
            A partial capture releases the rest of the authorization.
          </p>
        )}
      </form>
    </Panel>
  );
}

function RefundForm({ currency, left, busy, onInvalid, onSubmit, money }: FormProps) {
  const [reason, setReason] = useState<keyof typeof REFUND_REASONS>("consumer_requested");
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    const amount = readAmount(text("refund-amount"), currency, left, money);
    if ("error" in amount) return onInvalid(amount.error);
    const note = text("refund-note");
    if (reason === "other" && !note) return onInvalid("Describe the reason when it is “Other”.");
    onSubmit({ amount: amount.minor, reason, ...(note ? { note } : {}) });
  }
  return (
    <Panel>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3" data-testid="refund-form">
        <TextField
          label={`Amount to refund (${currency}), up to ${money(left)}`}
          id="refund-amount"
          defaultValue={toMajorString(left, currency)}
          inputMode="decimal"
        />
        <SelectField
          label="Reason"
          id="refund-reason"
          value={reason}
          onChange={(e) => setReason(e.target.value as typeof reason)}
        >
          {Object.entries(REFUND_REASONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label={reason === "other" ? "Describe the reason" : "Note (optional)"}
          id="refund-note"
          maxLength={200}
        />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Refunding…" : "Refund"}
          </Button>
          <span className="ml-3 text-xs text-slate-500">Large refunds wait for a manager's approval.</span>
        </div>
      </form>
    </Panel>
  );
}
