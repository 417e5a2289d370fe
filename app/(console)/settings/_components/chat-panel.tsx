"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { ApiClientError, apiFetch } from "@/lib/platform/api/client";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import { isPendingAnswer, WAITING_TEXT } from "@/components/workflows/pending-changes/waiting";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
import type { ChatTeam } from "@/lib/notifications/kinds";
import type { ChatChannelForm } from "@/lib/notifications/schemas";
import type { ChatChannelsStatus } from "@/lib/notifications/chat-channels";
import { ChatChannelFormRow } from "./chat-channel-form";

// Team chat channels and how each way out last went (issue 35): SMTP's last error, each
// channel's last delivery and error, a test message per channel. Setting, repointing or
// removing a channel asks for a fresh authenticator code (its URL is a bearer secret).

type Health = ChatChannelsStatus["email"]["last"];

function LastResult({ last }: { last: Health }) {
  const t = useTranslations("settings");
  const f = useFormat();
  if (!last) return <p className="text-xs text-slate-500">{t("chat.never")}</p>;
  const failedLast = !!last.lastFailureAt && (!last.lastSuccessAt || last.lastFailureAt >= last.lastSuccessAt);
  return (
    <div className="space-y-0.5 text-xs">
      {last.lastSuccessAt && (
        <p className="text-slate-500">{t("chat.lastOk", { at: f.dateTime(last.lastSuccessAt) })}</p>
      )}
      {last.lastFailureAt && (
        <p className={failedLast ? "text-red-700" : "text-slate-500"} data-testid="last-error">
          {t("chat.lastError", { at: f.dateTime(last.lastFailureAt) })}{" "}
          {/* The receiver's or the connection's own words, as it said them. */}
          <span translate="no">{last.lastError}</span>
        </p>
      )}
    </div>
  );
}

export function ChatPanel({ initial }: { initial: ChatChannelsStatus }) {
  const t = useTranslations("settings");
  const f = useFormat();
  const [status, setStatus] = useState(initial);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const { withStepUp, dialog } = useStepUp();
  const teamName = (team: ChatTeam) => t(`chat.teams.${team}`);
  const tc = useTranslations("common");
  // Once the merchant has had two admins, the other admin approves a channel's change first.
  const router = useRouter();
  const waiting = (answer: unknown) => {
    if (!isPendingAnswer(answer)) return false;
    setMessage({ tone: "success", text: tc(WAITING_TEXT) });
    router.refresh(); // the Approvals panel lists it
    return true;
  };
  const fail = (e: Error) =>
    setMessage(e instanceof ApiClientError && e.details?.fields ? null : { tone: "error", text: e.message });

  const save = useMutation({
    mutationFn: ({ team, value }: { team: ChatTeam; value: ChatChannelForm }) =>
      withStepUp(() => apiFetch<ChatChannelsStatus>(`/api/settings/chat/${team}`, { method: "PUT", json: value })),
    onSuccess: (next, { team }) => {
      if (waiting(next)) return;
      setStatus(next);
      setMessage({ tone: "success", text: t("chat.saved", { team: teamName(team) }) });
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (team: ChatTeam) =>
      withStepUp(() => apiFetch<ChatChannelsStatus>(`/api/settings/chat/${team}`, { method: "DELETE" })),
    onSuccess: (next, team) => {
      if (waiting(next)) return;
      setStatus(next);
      setMessage({ tone: "success", text: t("chat.removed", { team: teamName(team) }) });
    },
    onError: fail,
  });
  const test = useMutation({
    mutationFn: (team: ChatTeam) =>
      apiFetch<ChatChannelsStatus & { ok: boolean; error: string | null }>(`/api/settings/chat/${team}/test`, {
        method: "POST",
      }),
    onSuccess: ({ ok, error, ...next }, team) => {
      setStatus(next);
      setMessage(
        ok
          ? { tone: "success", text: t("chat.testOk", { team: teamName(team) }) }
          : { tone: "error", text: t("chat.testFailed", { team: teamName(team), error: error ?? "" }) },
      );
    },
    onError: fail,
  });
  const busy = save.isPending || remove.isPending;

  return (
    <Card padding={5}>
      <CardTitle>{t("chat.title")}</CardTitle>
      <CardIntro>{t("chat.intro")}</CardIntro>
      {message && (
        <div className="mt-3">
          <Notice tone={message.tone} testId="chat-message">
            {message.text}
          </Notice>
        </div>
      )}
      <div className="mt-4 rounded-lg bg-slate-50 p-4 text-sm" data-testid="smtp-status">
        <h3 className="font-medium">{t("chat.email.title")}</h3>
        <p className="mt-1 text-slate-600">
          {status.email.configured ? t("chat.email.configured") : t("chat.email.notConfigured")}
        </p>
        <LastResult last={status.email.last} />
      </div>
      <div className="mt-2 divide-y divide-slate-100">
        {status.channels.map((c) => (
          <section key={c.team} className="space-y-3 py-4" data-testid={`chat-${c.team}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h3 className="font-medium">{teamName(c.team)}</h3>
                {c.set && c.format ? (
                  <p className="text-sm text-slate-700">
                    {t(`chat.formats.${c.format}`)} ·{" "}
                    <span translate="no" className="font-mono text-xs" data-testid="chat-hint">
                      {c.hint}
                    </span>
                    {c.signed ? ` · ${t("chat.signed")}` : ""}
                  </p>
                ) : (
                  <p className="text-sm text-amber-800">{t("chat.notSet")}</p>
                )}
                {c.set && c.updatedAt && (
                  <p className="text-xs text-slate-500">
                    {t("chat.changedBy", { at: f.dateTime(c.updatedAt), by: c.updatedBy ?? "" })}
                  </p>
                )}
                {c.set && <LastResult last={c.last} />}
              </div>
              {c.set && (
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => test.mutate(c.team)} disabled={test.isPending}>
                    {test.isPending && test.variables === c.team ? t("chat.testing") : t("chat.test")}
                  </Button>
                  <Button variant="secondary" onClick={() => remove.mutate(c.team)} disabled={busy}>
                    {t("chat.remove")}
                  </Button>
                </div>
              )}
            </div>
            <ChatChannelFormRow
              team={c.team}
              format={c.format}
              set={c.set}
              busy={busy}
              onSave={(value) => save.mutateAsync({ team: c.team, value })}
            />
          </section>
        ))}
      </div>
      {dialog}
    </Card>
  );
}
