"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/form/inputs";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { useResubmit } from "./use-resubmit";
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
  const t = useTranslations("customs");
  const form = useKitForm<Resubmit, Resubmit>({
    schema: () => import("@/lib/declarations/schemas").then((m) => () => m.resubmitSchema.pick({ subOrderNo: true })),
    defaultValues: { subOrderNo: subOrder.subOrderNo },
  });
  const { open, setOpen, error, resubmit } = useResubmit({ declarationId, subOrderId: subOrder.id }, form);
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
      onValid={resubmit.submit}
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
