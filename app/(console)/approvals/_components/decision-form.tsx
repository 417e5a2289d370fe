"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useOutcome } from "@/components/outcome/use-outcome";

/** Approve (the refund is sent at once) or reject, always with a comment. */
export function DecisionForm({ operationId, subject }: { operationId: string; subject: string }) {
  const [comment, setComment] = useState("");
  const { result, show, refreshing } = useOutcome();
  // Approving sends money above the threshold: it needs a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
  const { ask, dialog: confirmation } = useConfirm();
  const decide = useMutation({
    mutationFn: (verdict: "approve" | "reject") =>
      withStepUp(() =>
        apiFetch<{ operation: { status: string; message: string } }>(`/api/operations/${operationId}/${verdict}`, {
          method: "POST",
          json: { comment },
        }),
      ),
    onSuccess: ({ operation }) => {
      show({ tone: operation.status === "unknown" ? "warning" : "success", text: operation.message });
    },
    onError: (e) => {
      show({ tone: "error", text: e.message });
    },
  });
  const go = (verdict: "approve" | "reject") => {
    if (!comment.trim())
      return show(
        { tone: "error", text: "Add a comment for the requester and the audit trail." },
        { refresh: false, toast: false },
      );
    if (verdict === "approve") return decide.mutate(verdict);
    ask({
      title: `Reject ${subject}?`,
      description: "The refund is not sent; the requester sees your comment.",
      confirmLabel: "Reject",
      onConfirm: () => decide.mutate(verdict),
    });
  };
  return (
    <div className="mt-3 space-y-2">
      <label className="block text-sm font-medium text-slate-700" htmlFor={`comment-${operationId}`}>
        Comment
      </label>
      <textarea
        id={`comment-${operationId}`}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={500}
        rows={2}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
      <div className="flex gap-2">
        <Button disabled={decide.isPending || refreshing} onClick={() => go("approve")}>
          Approve and refund
        </Button>
        <Button variant="danger" disabled={decide.isPending || refreshing} onClick={() => go("reject")}>
          Reject
        </Button>
      </div>
      {result && (
        <Notice tone={result.tone} testId="decision-result">
          {result.text}
        </Notice>
      )}
      {dialog}
      {confirmation}
    </div>
  );
}
