"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import { useConfirm } from "@/components/ui/confirm-dialog";

// The two-admin rule (lib/pending-changes): changes that loosen a control wait here until
// another admin approves them. Shown on /settings and /users.

export type PendingItem = {
  id: string;
  kind: string;
  lines: string[];
  requestedById: string;
  requestedByEmail: string;
  requestedAt: string;
  expiresAt: string;
};

/** What a form says when its change went to the panel instead of applying. */
export const WAITING_TEXT =
  "Waiting for a second admin: this change loosens a control, so another admin must approve it (see “Waiting for a second admin”).";
export const isPendingAnswer = (answer: unknown): boolean =>
  !!answer && typeof answer === "object" && "pendingChange" in answer;

export const SINGLE_ADMIN_TEXT =
  "Only one active admin: changes that loosen controls take effect without a second person. Add a second admin.";

export function PendingPanel({
  items,
  currentUserId,
  singleAdmin,
}: {
  items: PendingItem[];
  currentUserId: string;
  singleAdmin: boolean;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [temporary, setTemporary] = useState<string | null>(null);
  const { withStepUp, dialog } = useStepUp();
  const { ask, dialog: confirmation } = useConfirm();
  const act = useMutation({
    mutationFn: ({ id, how }: { id: string; how: "approve" | "reject" | "withdraw" }) => {
      const call = () =>
        apiFetch<{ temporaryPassword?: string }>(`/api/pending-changes/${id}/${how}`, { method: "POST", json: {} });
      // Approving applies the change: it needs a fresh authenticator code.
      return how === "approve" ? withStepUp(call) : call();
    },
    onSuccess: (result, { how }) => {
      // A reset password is made at approval and shown here once, to the approving admin.
      setTemporary(result.temporaryPassword ?? null);
      setMessage({
        tone: "success",
        text:
          how === "approve"
            ? "Approved and applied."
            : how === "reject"
              ? "Rejected: nothing changed."
              : "Withdrawn: nothing changed.",
      });
      router.refresh();
    },
    onError: (error) => setMessage({ tone: "error", text: error.message }),
  });

  return (
    <>
      {singleAdmin && (
        <Notice tone="warning" testId="single-admin-warning">
          {SINGLE_ADMIN_TEXT}
        </Notice>
      )}
      {(items.length > 0 || message) && (
        <section className="rounded-xl border border-amber-300 bg-white p-5" data-testid="pending-changes">
          <h2 className="font-semibold">Waiting for a second admin</h2>
          <p className="text-sm text-slate-600">
            These changes loosen a control. Another admin than the one who asked approves or rejects them; after 72
            hours they expire.
          </p>
          <ul className="mt-3 divide-y divide-slate-100">
            {items.map((item) => {
              const own = item.requestedById === currentUserId;
              return (
                <li
                  key={item.id}
                  className="flex flex-wrap items-start justify-between gap-3 py-3"
                  data-testid={`pending-change-${item.id}`}
                >
                  <div className="text-sm">
                    <ul className="font-medium">
                      {item.lines.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                    <p className="text-slate-600">
                      Asked by {item.requestedByEmail} on {formatDateTime(item.requestedAt)}; expires{" "}
                      {formatDateTime(item.expiresAt)}.
                    </p>
                  </div>
                  <div className="flex gap-2">
                    {own ? (
                      <Button
                        variant="secondary"
                        disabled={act.isPending}
                        onClick={() => act.mutate({ id: item.id, how: "withdraw" })}
                      >
                        Withdraw
                      </Button>
                    ) : (
                      <>
                        <Button disabled={act.isPending} onClick={() => act.mutate({ id: item.id, how: "approve" })}>
                          Approve
                        </Button>
                        <Button
                          variant="danger"
                          disabled={act.isPending}
                          onClick={() =>
                            ask({
                              title: `Reject the change asked by ${item.requestedByEmail}?`,
                              description: `${item.lines.join("; ")}. Nothing changes; they can ask again.`,
                              confirmLabel: "Reject",
                              onConfirm: () => act.mutate({ id: item.id, how: "reject" }),
                            })
                          }
                        >
                          Reject
                        </Button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          {message && (
            <Notice tone={message.tone} testId="pending-message">
              {message.text}
            </Notice>
          )}
          {temporary && (
            <Notice tone="info" testId="pending-temporary-password">
              Temporary password (shown this once; give it to the user in person): <code>{temporary}</code>
            </Notice>
          )}
        </section>
      )}
      {dialog}
      {confirmation}
    </>
  );
}
