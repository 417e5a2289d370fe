"use client";

import { useQuery } from "@tanstack/react-query";
import { useIntent } from "@/components/form/use-intent";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { operationMessage, type OperationFacts } from "@/lib/operations/message";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useOutcome } from "@/components/outcome/use-outcome";
import { Card, CardTitle } from "@/components/ui/card";
import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The confirmation form after the page's first load (components/form/lazy.tsx says why).
export const ConfirmPanel = dynamic(() => import("./confirm-panel").then((m) => m.ConfirmPanel), {
  ssr: false,
  loading: () => <FormLoading />,
});

// The capture and refund forms after the page's first load (components/form/lazy.tsx says why).
const CaptureForm = dynamic(() => import("./operation-forms").then((m) => m.CaptureForm), {
  ssr: false,
  loading: () => <FormLoading />,
});
const RefundForm = dynamic(() => import("./operation-forms").then((m) => m.RefundForm), {
  ssr: false,
  loading: () => <FormLoading />,
});

type Kind = "capture" | "refund" | "cancel";
type Operation = OperationFacts & { id: string; message: string };
type Props = {
  id: string;
  currency: string;
  method: string | null;
  /** What the next operation may take, net of operations in flight or awaiting approval. */
  room: { capture: number; refund: number };
  can: { capture: boolean; refund: boolean; cancel: boolean };
};

const toneOf = (status: string) => (status === "succeeded" ? "success" : status === "unknown" ? "warning" : "info");
/** How often an answer "being sent" (the same operation still in flight on another request) is re-read. */
const FOLLOW_EVERY_MS = 1000;

/**
 * Capture, refund and cancel on one charge. Each submission carries an Idempotency-Key kept
 * until the console gives a definite answer, so a double click or a retry after a dropped
 * connection is the same operation, never a second one.
 */
export function MoneyActions({ id, currency, method, room, can }: Props) {
  const t = useTranslations("transactions.actions");
  const words = { operations: useTranslations("operations"), paymentErrors: useTranslations("paymentErrors") };
  const f = useFormat();
  const [open, setOpen] = useState<Kind | null>(null);
  const { result, show, clear, refreshing } = useOutcome();
  const { ask, dialog } = useConfirm();
  // One submission at a time: a double click reaches the form twice before React re-renders.
  const sending = useRef(false);
  // Where focus goes when a form closes on its answer: the button that opened it, else (that
  // button gone with the page's refresh, after a full refund or a cancel) the answer itself.
  const openers = useRef<Partial<Record<Kind, HTMLButtonElement | null>>>({});
  const answer = useRef<HTMLDivElement>(null);
  const refocus = (kind: Kind) =>
    requestAnimationFrame(() => {
      const opener = openers.current[kind];
      if (opener?.isConnected) opener.focus();
      else answer.current?.focus();
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the buttons shown (can.*) are what a refresh changes; it runs then.
  useEffect(() => {
    // A refresh that took the focused button away (nothing left to do) leaves focus on the answer.
    if (result && document.activeElement === document.body) answer.current?.focus();
  }, [result, can.capture, can.refund, can.cancel]);
  // An answer "being sent" is the operation still in flight elsewhere (the same key sent twice):
  // it is followed until it has an outcome, which then replaces the notice.
  const [following, setFollowing] = useState<string | null>(null);
  const followed = useQuery({
    queryKey: ["operation", following],
    queryFn: () => apiFetch<{ operation: Operation }>(`/api/operations/${encodeURIComponent(following!)}`),
    enabled: following !== null,
    refetchInterval: (query) =>
      (query.state.data?.operation.status ?? "pending") === "pending" ? FOLLOW_EVERY_MS : false,
  });
  const settled = following !== null ? followed.data?.operation : undefined;
  const report = useEffectEvent((operation: Operation) =>
    show({ tone: toneOf(operation.status), text: operationMessage(words, f, operation) }),
  );
  useEffect(() => {
    if (!settled || settled.status === "pending") return;
    setFollowing(null);
    report(settled);
  }, [settled]);

  // No answer, or an outcome the console does not know yet: the key stays, so trying again is
  // the same operation (it used to be renewed on an unknown outcome).
  const act = useIntent({
    send: ({ kind, body }: { kind: Kind; body: Record<string, unknown> }, key) =>
      apiFetch<{ operation: Operation }>(
        `/api/transactions/${encodeURIComponent(id)}/${kind === "capture" ? "captures" : kind === "refund" ? "refunds" : "cancel"}`,
        {
          method: "POST",
          json: body,
          headers: { "Idempotency-Key": key },
        },
      ),
    onSuccess: ({ operation }, { kind }) => {
      setOpen(null);
      refocus(kind);
      show({ tone: toneOf(operation.status), text: operationMessage(words, f, operation) });
      if (operation.status === "pending") setFollowing(operation.id);
    },
    onError: (error) => show({ tone: "error", text: error.message }),
  });

  const toggle = (kind: Kind) => {
    clear();
    setOpen(open === kind ? null : kind);
  };
  const submit = (kind: Kind, body: Record<string, unknown>) => {
    if (sending.current) return;
    sending.current = true;
    setFollowing(null);
    void act.submit({ kind, body }).then(() => {
      sending.current = false;
    });
  };
  const money = (v: number) => f.money(v, currency);
  // Until the page has re-read the charge, the forms stay busy: no second try on stale amounts.
  const busy = act.isPending || refreshing;

  const none = !can.capture && !can.refund && !can.cancel;
  // After the last possible action (a cancel, a full refund) the page refreshes without any:
  // the panel stays while it has something to say, so the person sees how it went.
  if (none && !result) return null;
  return (
    <Card data-testid="money-actions">
      <div className="flex flex-wrap items-center gap-2">
        <CardTitle className="mr-2">{t("title")}</CardTitle>
        {none && <span className="text-sm text-slate-500">{t("nothingMore")}</span>}
        {can.capture && (
          <Button
            variant={open === "capture" ? "primary" : "secondary"}
            ref={(el) => {
              openers.current.capture = el;
            }}
            onClick={() => toggle("capture")}
            aria-expanded={open === "capture"}
          >
            {t("capture")}
          </Button>
        )}
        {can.refund && (
          <Button
            variant={open === "refund" ? "primary" : "secondary"}
            ref={(el) => {
              openers.current.refund = el;
            }}
            onClick={() => toggle("refund")}
            aria-expanded={open === "refund"}
          >
            {t("refund")}
          </Button>
        )}
        {can.cancel && (
          <Button
            variant="secondary"
            disabled={busy}
            ref={(el) => {
              openers.current.cancel = el;
            }}
            onClick={() => {
              clear();
              setOpen(null);
              ask({
                title: t("cancelTitle", { amount: money(room.capture), id }),
                description: t("cancelDescription"),
                confirmLabel: t("cancelConfirm"),
                cancelLabel: t("keep"),
                onConfirm: () => submit("cancel", {}),
              });
            }}
          >
            {act.isPending && act.variables?.kind === "cancel" ? t("canceling") : t("cancel")}
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
          busy={busy}
          onSubmit={(b) => submit("capture", b)}
          money={money}
        />
      )}
      {open === "refund" && (
        <RefundForm
          key={room.refund}
          currency={currency}
          left={room.refund}
          busy={busy}
          onSubmit={(b) => submit("refund", b)}
          money={money}
        />
      )}
      {result && (
        <div className="mt-3 focus:outline-none" ref={answer} tabIndex={-1}>
          <Notice tone={result.tone} testId="action-result">
            {result.text}
          </Notice>
        </div>
      )}
      {dialog}
    </Card>
  );
}
