"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { apiFetch, ApiClientError } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

/** Asks Customs for the status of every live sub-order. */
export function InquireButton({ id }: { id: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const inquire = useMutation({
    mutationFn: () => apiFetch<{ errors: string[] }>(`/api/customs/declarations/${id}/inquire`, { method: "POST" }),
    onSuccess: ({ errors }) => {
      setMessage(
        errors.length
          ? { tone: "error", text: errors.join(" ") }
          : { tone: "success", text: "Statuses refreshed from Customs." },
      );
      router.refresh();
    },
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });
  return (
    <div className="space-y-2 text-right">
      <Button variant="secondary" onClick={() => inquire.mutate()} disabled={inquire.isPending}>
        {inquire.isPending ? "Asking Customs…" : "Inquire status"}
      </Button>
      {message && (
        <Notice tone={message.tone} testId="inquire-result">
          {message.text}
        </Notice>
      )}
    </div>
  );
}

/** Send again, or (split orders) correct the sub-order number: the old one is kept in the history. */
export function ResubmitForm({
  declarationId,
  subOrder,
  split,
}: {
  declarationId: string;
  subOrder: { id: string; subOrderNo: string };
  split: boolean;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One Idempotency-Key per intent, kept while the outcome may be unknown: a double click or a retry sends once.
  const key = useRef(crypto.randomUUID());
  const resubmit = useMutation({
    mutationFn: (subOrderNo: string) =>
      apiFetch(`/api/customs/declarations/${declarationId}/sub-orders/${subOrder.id}/resubmit`, {
        method: "POST",
        json: { subOrderNo },
        headers: { "Idempotency-Key": key.current },
      }),
    onSuccess: () => {
      key.current = crypto.randomUUID();
      setOpen(false);
      router.refresh();
    },
    onError: (e) => {
      setError(e.message);
      if (!(e instanceof ApiClientError && (e.status === 0 || e.details?.outcome === "unknown")))
        key.current = crypto.randomUUID();
    },
  });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get(`resubmit-${subOrder.id}`) ?? "").trim();
    if (!value) return setError("Enter the sub-order number.");
    resubmit.mutate(value);
  };
  if (!open)
    return (
      <div className="mt-3">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {split ? "Resubmit or correct…" : "Resubmit…"}
        </Button>
      </div>
    );
  return (
    <form
      onSubmit={onSubmit}
      className="mt-3 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
      noValidate
    >
      <div className="min-w-[16rem]">
        <TextField
          label={split ? "Sub-order number (change it to correct a wrong one)" : "Sub-order number"}
          id={`resubmit-${subOrder.id}`}
          defaultValue={subOrder.subOrderNo}
          readOnly={!split}
        />
      </div>
      <Button type="submit" disabled={resubmit.isPending}>
        {resubmit.isPending ? "Sending…" : "Send to Customs"}
      </Button>
      <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {error && (
        <div className="w-full">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
    </form>
  );
}
