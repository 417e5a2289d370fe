"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { apiFetch, ApiClientError } from "@/lib/platform/api/client";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/form/inputs";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";
import { inquireProblem } from "@/lib/customs/explain";
import type { InquireProblem } from "@/lib/customs/explain";

type Resubmit = { subOrderNo: string };

/** Asks Customs for the status of every live sub-order. */
export function InquireButton({ id }: { id: string }) {
  const router = useRouter();
  const t = useTranslations("customs");
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const inquire = useMutation({
    mutationFn: () =>
      apiFetch<{ errors: string[]; problems?: InquireProblem[] }>(`/api/customs/declarations/${id}/inquire`, {
        method: "POST",
      }),
    onSuccess: ({ errors, problems }) => {
      const text = problems ? problems.map((p) => inquireProblem(t, p)).join(" ") : errors.join(" ");
      setMessage(errors.length ? { tone: "error", text } : { tone: "success", text: t("actions.refreshed") });
      router.refresh();
    },
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });
  return (
    <div className="space-y-2 text-right">
      <Button variant="secondary" onClick={() => inquire.mutate()} disabled={inquire.isPending}>
        {inquire.isPending ? t("actions.asking") : t("actions.inquire")}
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
  const t = useTranslations("customs");
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string[]>([]);
  const form = useKitForm<Resubmit, Resubmit>({
    schema: () => import("@/lib/declarations/schemas").then((m) => () => m.resubmitSchema.pick({ subOrderNo: true })),
    defaultValues: { subOrderNo: subOrder.subOrderNo },
  });
  // One Idempotency-Key per intent, kept while the outcome may be unknown: a double click or a retry sends once.
  const key = useRef(crypto.randomUUID());
  // A double click reaches onValid twice before React renders the pending state: one POST.
  const sending = useRef(false);
  const resubmit = useMutation({
    mutationFn: (body: Resubmit) =>
      apiFetch(`/api/customs/declarations/${declarationId}/sub-orders/${subOrder.id}/resubmit`, {
        method: "POST",
        json: body,
        headers: { "Idempotency-Key": key.current },
      }),
    onSuccess: () => {
      key.current = crypto.randomUUID();
      setError([]);
      setOpen(false);
      router.refresh();
    },
    onError: (e) => {
      setError(applyServerErrors(form, e));
      if (!(e instanceof ApiClientError && (e.status === 0 || e.details?.outcome === "unknown")))
        key.current = crypto.randomUUID();
    },
    onSettled: () => {
      sending.current = false;
    },
  });
  if (!open)
    return (
      <div className="mt-3">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {split ? t("actions.resubmitOrCorrect") : t("actions.resubmit")}
        </Button>
      </div>
    );
  return (
    <KitForm
      form={form}
      onValid={(body) => {
        if (sending.current) return;
        sending.current = true;
        resubmit.mutate(body);
      }}
      className="mt-3 flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <div className="min-w-[16rem]">
        <TextInput
          name="subOrderNo"
          id={`resubmit-${subOrder.id}`}
          label={split ? t("actions.subOrderNoCorrect") : t("actions.subOrderNo")}
          readOnly={!split}
        />
      </div>
      <div className="flex gap-3 sm:mt-6">
        <Button type="submit" disabled={resubmit.isPending}>
          {resubmit.isPending ? t("actions.sending") : t("actions.send")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {t("actions.cancel")}
        </Button>
      </div>
      {error.length > 0 && (
        <div className="w-full">
          <Notice tone="error">{error.join(" ")}</Notice>
        </div>
      )}
    </KitForm>
  );
}
