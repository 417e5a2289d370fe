"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { type Line, lineText, pendingLine } from "@/lib/pending-changes/lines";
import { isPreset, NO_ACCESS, ROLE_LABELS } from "@/lib/platform/auth/permissions";
import type { AnyTranslator } from "@/lib/platform/keyed";

// The two-admin rule (lib/pending-changes): changes that loosen a control wait here until
// another admin approves them. Shown on /settings and /users.

export type PendingItem = {
  id: string;
  kind: string;
  messages: string[];
  requestedById: string;
  requestedByEmail: string;
  requestedAt: string;
  expiresAt: string;
};

/** What a form says when its change went to the panel instead of applying: a key of the `common` catalog. */
export { isPendingAnswer, WAITING_TEXT } from "./waiting";

/** A role as the page names it: a merchant's own role by its stored name (`own`). */
export type RoleName = { key: string; label: string; own: boolean };

function LineView({ line }: { line: Line }) {
  return (
    <li lang={line.english ? "en" : undefined}>
      {line.parts.map((p, i) =>
        p.data ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line's pieces never move
          <span key={i} translate="no">
            {p.text}
          </span>
        ) : (
          p.text
        ),
      )}
    </li>
  );
}

export function PendingPanel({
  items,
  currentUserId,
  singleAdmin,
  noApprover,
  roles = [],
}: {
  items: PendingItem[];
  currentUserId: string;
  roles?: RoleName[];
  /** The merchant has never had a second admin: loosening applies at once (single_admin). */
  singleAdmin: boolean;
  /** It has had one, but no other admin is active now: loosening waits with nobody to approve. */
  noApprover: boolean;
}) {
  const t = useTranslations("common");
  const all = useTranslations() as unknown as AnyTranslator;
  const f = useFormat();
  const role = (key: string) => {
    const named = roles.find((r) => r.key === key);
    if (named) return { name: named.label, own: named.own };
    if (isPreset(key)) return { name: t(ROLE_LABELS[key]), own: false };
    return key === NO_ACCESS ? { name: t("roles.noAccess"), own: false } : { name: key, own: true };
  };
  const linesOf = (item: PendingItem) => item.messages.map((l) => pendingLine(all, l, { money: f.money, role }));
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
        text: t(`pending.done.${how}`),
      });
      router.refresh();
    },
    onError: (error) => setMessage({ tone: "error", text: error.message }),
  });

  return (
    <>
      {singleAdmin && (
        <Notice tone="warning" testId="single-admin-warning">
          {t("pending.singleAdmin")}
        </Notice>
      )}
      {noApprover && (
        <Notice tone="warning" testId="no-approver-warning">
          {t("pending.noApprover")}
        </Notice>
      )}
      {(items.length > 0 || message) && (
        <section className="rounded-xl border border-amber-300 bg-white p-5" data-testid="pending-changes">
          <h2 className="font-semibold">{t("pending.title")}</h2>
          <p className="text-sm text-slate-600">{t("pending.intro")}</p>
          <ul className="mt-3 divide-y divide-slate-100">
            {items.map((item) => {
              const own = item.requestedById === currentUserId;
              const lines = linesOf(item);
              return (
                <li
                  key={item.id}
                  className="flex flex-wrap items-start justify-between gap-3 py-3"
                  data-testid={`pending-change-${item.id}`}
                >
                  <div className="text-sm">
                    <ul className="font-medium">
                      {lines.map((line, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a change never move
                        <LineView key={i} line={line} />
                      ))}
                    </ul>
                    <p className="text-slate-600">
                      {t("pending.asked", {
                        email: item.requestedByEmail,
                        at: f.dateTime(item.requestedAt),
                        expires: f.dateTime(item.expiresAt),
                      })}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    {own ? (
                      <Button
                        variant="secondary"
                        disabled={act.isPending}
                        onClick={() => act.mutate({ id: item.id, how: "withdraw" })}
                      >
                        {t("pending.withdraw")}
                      </Button>
                    ) : (
                      <>
                        <Button disabled={act.isPending} onClick={() => act.mutate({ id: item.id, how: "approve" })}>
                          {t("pending.approve")}
                        </Button>
                        <Button
                          variant="danger"
                          disabled={act.isPending}
                          onClick={() =>
                            ask({
                              title: t("pending.rejectTitle", { email: item.requestedByEmail }),
                              description: t("pending.rejectBody", { lines: lines.map(lineText).join("; ") }),
                              confirmLabel: t("pending.reject"),
                              onConfirm: () => act.mutate({ id: item.id, how: "reject" }),
                            })
                          }
                        >
                          {t("pending.reject")}
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
              {t("pending.temporaryPassword")} <code>{temporary}</code>
            </Notice>
          )}
        </section>
      )}
      {dialog}
      {confirmation}
    </>
  );
}
