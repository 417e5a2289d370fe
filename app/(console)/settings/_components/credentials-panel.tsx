"use client";

import { labelOr } from "@/lib/ledger/status-label";
import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/lib/platform/api/client";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import { CredentialForm } from "./credential-form";
import { isPendingAnswer, WAITING_TEXT } from "@/components/workflows/pending-changes/waiting";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";

type Status = {
  credentials: Record<string, { label: string; set: boolean; updatedAt: string | null; updatedBy: string | null }>;
  previousWebhookSecret: boolean;
  previousWebhookSecretEnds?: string | null;
  unverified: Record<string, { since: string; by: string }>;
  wellKnownWebhookSecret?: boolean;
  token: { type: string; expiry: number; permission: string[]; issuedAt: string } | null;
};

/** Each credential's name and help: keys of the `settings` catalog. */
const WORDS: Record<string, { label: `credentials.names.${string}`; help: `credentials.help.${string}` }> = {
  "private-key": { label: "credentials.names.privateKey", help: "credentials.help.privateKey" },
  "customs-token": { label: "credentials.names.customsToken", help: "credentials.help.customsToken" },
  "webhook-secret": { label: "credentials.names.webhookSecret", help: "credentials.help.webhookSecret" },
};

export function CredentialsPanel({ initial }: { initial: Status }) {
  const t = useTranslations("settings");
  const f = useFormat();
  /** A credential's name in the person's language (the server's English label for one this page does not know). */
  const labelOf = (name: string, fallback = name) => {
    const key = WORDS[name]?.label;
    return key && t.has(key as never) ? t(key as never) : fallback;
  };
  const [status, setStatus] = useState(initial);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const router = useRouter();
  // Setting or rotating a credential, and testing it (it sends the private key), need a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
  const tc = useTranslations("common");
  const save = useMutation({
    mutationFn: ({ name, value }: { name: string; value: string }) =>
      withStepUp(() => apiFetch<Status>(`/api/settings/credentials/${name}`, { method: "PUT", json: { value } })),
    onSuccess: (next, { name }) => {
      // Once the merchant has had two admins, the other admin approves a replacement first.
      if (isPendingAnswer(next)) {
        setMessage({ tone: "success", text: tc(WAITING_TEXT) });
        router.refresh(); // the Approvals panel lists it
        return;
      }
      setStatus(next);
      setMessage({
        tone: "success",
        text: t("credentials.saved", { label: labelOf(name, next.credentials[name]?.label) }),
      });
      router.refresh(); // a customs token entered again confirms a new customs address
    },
    // A problem with the value shows under its field (credential-form.tsx); anything else here.
    onError: (e) =>
      setMessage(e instanceof ApiClientError && e.details?.fields ? null : { tone: "error", text: e.message }),
  });
  const test = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        apiFetch<{ ok: boolean; message: string; token?: Status["token"] }>("/api/settings/test-connection", {
          method: "POST",
        }),
      ),
    onSuccess: (r) => {
      setMessage({ tone: r.ok ? "success" : "error", text: r.message });
      if (r.ok) router.refresh(); // the address is verified now
    },
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });

  return (
    <Card padding={5}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <CardTitle>{t("credentials.title")}</CardTitle>
          <CardIntro>{t("credentials.intro")}</CardIntro>
        </div>
        <Button variant="secondary" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? t("credentials.testing") : t("credentials.test")}
        </Button>
      </div>
      {message && (
        <div className="mt-3">
          <Notice tone={message.tone} testId="settings-message">
            {message.text}
          </Notice>
        </div>
      )}
      <div className="mt-4 divide-y divide-slate-100">
        {Object.entries(status.credentials).map(([name, c]) => (
          <CredentialForm
            key={name}
            name={name}
            label={labelOf(name, c.label)}
            set={c.set}
            busy={save.isPending}
            onSave={(value) => save.mutateAsync({ name, value })}
          >
            <div>
              <div className="flex items-center gap-2">
                <span className="font-medium">{labelOf(name, c.label)}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${c.set ? "bg-emerald-50 text-emerald-700" : "bg-amber-50 text-amber-800"}`}
                >
                  {c.set ? t("credentials.set") : t("credentials.notSet")}
                </span>
              </div>
              {WORDS[name] && <p className="mt-1 text-xs text-slate-500">{t(WORDS[name].help as never)}</p>}
              {name === "webhook-secret" && status.wellKnownWebhookSecret && (
                <div className="mt-2">
                  <Notice tone="warning" testId="well-known-webhook-secret">
                    {t("credentials.wellKnown")}
                  </Notice>
                </div>
              )}
              {c.set && (
                <p className="mt-1 text-xs text-slate-500">
                  {c.updatedBy
                    ? t("credentials.changedBy", {
                        at: f.dateTime(c.updatedAt),
                        // Local mode's own seeding (scripts/lib/secrets.ts) is named in the reader's words.
                        by: c.updatedBy === "sandbox defaults" ? t("credentials.sandboxDefaults") : c.updatedBy,
                      })
                    : t("credentials.changed", { at: f.dateTime(c.updatedAt) })}
                  {name === "webhook-secret" && status.previousWebhookSecret
                    ? status.previousWebhookSecretEnds
                      ? t("credentials.previousUntil", { at: f.dateTime(status.previousWebhookSecretEnds) })
                      : t("credentials.previous")
                    : ""}
                </p>
              )}
            </div>
          </CredentialForm>
        ))}
      </div>
      <div className="mt-2 rounded-lg bg-slate-50 p-4 text-sm" data-testid="token-status">
        <h3 className="font-medium">{t("credentials.token.title")}</h3>
        {status.token ? (
          <dl className="mt-2 facts grid grid-cols-[8rem_1fr] gap-y-1 text-slate-700">
            <dt className="text-slate-500">{t("credentials.token.type")}</dt>
            <dd>{labelOr(t, `credentials.token.types.${status.token.type}`, status.token.type)}</dd>
            <dt className="text-slate-500">{t("credentials.token.expires")}</dt>
            <dd>{f.dateTime(new Date(status.token.expiry * 1000))}</dd>
            <dt className="text-slate-500">{t("credentials.token.permissions")}</dt>
            <dd>
              {status.token.permission
                .map((p) => labelOr(t, `credentials.token.scopes.${p.replaceAll("-", "_")}`, p))
                .join(t("credentials.token.separator"))}
            </dd>
          </dl>
        ) : (
          <p className="mt-1 text-slate-600">{t("credentials.token.none")}</p>
        )}
        <p className="mt-2 text-xs text-slate-500">{t("credentials.token.hidden")}</p>
      </div>
      {dialog}
    </Card>
  );
}
