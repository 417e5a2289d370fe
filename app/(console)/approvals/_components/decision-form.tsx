"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { approvalList } from "@/lib/operations/approvals-search-params";
import { apiFetch } from "@/lib/platform/api/client";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Field } from "@/components/form/field";
import { useFieldError } from "@/components/form/inputs";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { useStepUp } from "@/components/auth/step-up";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useFormContext } from "react-hook-form";
import { useRef } from "react";
import { type Finder, returnFocusTo } from "@/components/ui/use-return-focus";
import { rowLeaving } from "@/components/ui/row-leaving";
import { useOutcome } from "@/components/outcome/use-outcome";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { operationMessage, type OperationFacts } from "@/lib/operations/message";

type Decision = { comment: string };

/** Approve (the refund is sent at once) or reject, always with a comment (the API's own rule). */
export function DecisionForm({ operationId, subject }: { operationId: string; subject: string }) {
  const t = useTranslations("approvals.decision");
  const words = { operations: useTranslations("operations"), paymentErrors: useTranslations("paymentErrors") };
  const f = useFormat();
  const form = useKitForm<Decision, Decision>({
    schema: () => import("@/lib/operations/schemas").then((m) => () => m.decisionBodySchema),
    defaultValues: { comment: "" },
  });
  const { result, show, clear, refreshing } = useOutcome();
  const client = useQueryClient();
  // Approving sends money above the threshold: it needs a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
  const { ask, dialog: confirmation } = useConfirm();
  // A decided request leaves the queue, and its buttons with it: focus goes on to the next one.
  const row = useRef<HTMLDivElement>(null);
  const after = useRef<Finder>(() => null);
  const decide = useMutation({
    mutationFn: ({ verdict, body }: { verdict: "approve" | "reject"; body: Decision }) =>
      withStepUp(() =>
        apiFetch<{ operation: OperationFacts & { message: string } }>(`/api/operations/${operationId}/${verdict}`, {
          method: "POST",
          json: body,
        }),
      ),
    onMutate: () => {
      after.current = rowLeaving(row.current);
    },
    onSuccess: async ({ operation }) => {
      // The queue reads again through the query cache; show() re-renders the page's "recently decided".
      const read = client.invalidateQueries({ queryKey: approvalList.key });
      // The item leaves the queue with this decision: its outcome is said where it stays in sight.
      show(
        { tone: operation.status === "unknown" ? "warning" : "success", text: operationMessage(words, f, operation) },
        { toast: true },
      );
      await read;
      returnFocusTo(after.current);
    },
    onError: (e) => {
      const left = applyServerErrors(form, e);
      // Nothing changed on the server: no refresh, which would keep the buttons disabled (and focus away) meanwhile.
      if (left.length) show({ tone: "error", text: left.join(" ") }, { refresh: false });
      else clear();
    },
  });
  const reject = form.handleSubmit((body) =>
    ask({
      title: t("rejectTitle", { subject }),
      description: t("rejectDescription"),
      confirmLabel: t("reject"),
      onConfirm: () => decide.mutate({ verdict: "reject", body }),
    }),
  );
  return (
    <div ref={row}>
      <KitForm
        form={form}
        onValid={(body) => {
          clear();
          decide.mutate({ verdict: "approve", body });
        }}
        className="space-y-2"
      >
        <Comment id={`comment-${operationId}`} />
        <div className="flex gap-2">
          <Button type="submit" disabled={decide.isPending || refreshing}>
            {t("approve")}
          </Button>
          <Button type="button" variant="danger" disabled={decide.isPending || refreshing} onClick={reject}>
            {t("reject")}
          </Button>
        </div>
        {result && (
          <Notice tone={result.tone} testId="decision-result">
            {result.text}
          </Notice>
        )}
      </KitForm>
      {dialog}
      {confirmation}
    </div>
  );
}

function Comment({ id }: { id: string }) {
  const { register } = useFormContext<Decision>();
  const t = useTranslations("approvals.decision");
  const error = useFieldError("comment");
  return (
    <Field name="comment" label={t("comment")} id={id} error={error}>
      {(control) => <textarea {...control} {...register("comment")} maxLength={500} rows={2} />}
    </Field>
  );
}
