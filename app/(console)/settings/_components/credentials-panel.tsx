"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ApiClientError, apiFetch } from "@/lib/api/client";
import { formatDateTime } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import { CredentialForm } from "./credential-form";

type Status = {
  credentials: Record<string, { label: string; set: boolean; updatedAt: string | null; updatedBy: string | null }>;
  previousWebhookSecret: boolean;
  previousWebhookSecretEnds?: string | null;
  unverified: Record<string, { since: string; by: string }>;
  token: { type: string; expiry: number; permission: string[]; issuedAt: string } | null;
};

const HELP: Record<string, string> = {
  "private-key": "Issues the server tokens for the payment API. Saving a new key discards the current token.",
  "customs-token":
    "The bearer token for customs declarations and pay-by-link payments (also signs their notifications).",
  "webhook-secret":
    "Verifies the signature of payment notifications. The previous secret keeps working during a rotation.",
};

export function CredentialsPanel({ initial }: { initial: Status }) {
  const [status, setStatus] = useState(initial);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const router = useRouter();
  // Setting or rotating a credential, and testing it (it sends the private key), need a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
  const save = useMutation({
    mutationFn: ({ name, value }: { name: string; value: string }) =>
      withStepUp(() => apiFetch<Status>(`/api/settings/credentials/${name}`, { method: "PUT", json: { value } })),
    onSuccess: (next, { name }) => {
      setStatus(next);
      setMessage({ tone: "success", text: `${next.credentials[name]?.label} saved.` });
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
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="font-semibold">Credentials</h2>
          <p className="text-sm text-slate-600">Paste a value to set or rotate it.</p>
        </div>
        <Button variant="secondary" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? "Testing…" : "Test connection"}
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
            label={c.label}
            set={c.set}
            busy={save.isPending}
            onSave={(value) => save.mutateAsync({ name, value })}
          >
            <div>
              <div className="flex items-center gap-2">
                <span className="font-medium">{c.label}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${c.set ? "bg-emerald-50 text-emerald-700" : "bg-amber-50 text-amber-800"}`}
                >
                  {c.set ? "Set" : "Not set"}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-500">{HELP[name]}</p>
              {c.set && (
                <p className="mt-1 text-xs text-slate-500">
                  Changed {formatDateTime(c.updatedAt)}
                  {c.updatedBy ? ` by ${c.updatedBy}` : ""}
                  {name === "webhook-secret" && status.previousWebhookSecret
                    ? ` · previous secret still accepted${status.previousWebhookSecretEnds ? ` until ${formatDateTime(status.previousWebhookSecretEnds)}` : ""}`
                    : ""}
                </p>
              )}
            </div>
          </CredentialForm>
        ))}
      </div>
      <div className="mt-2 rounded-lg bg-slate-50 p-4 text-sm" data-testid="token-status">
        <h3 className="font-medium">Current access token</h3>
        {status.token ? (
          <dl className="mt-2 grid grid-cols-[8rem_1fr] gap-y-1 text-slate-700">
            <dt className="text-slate-500">Type</dt>
            <dd>{status.token.type}</dd>
            <dt className="text-slate-500">Expires</dt>
            <dd>{formatDateTime(new Date(status.token.expiry * 1000))}</dd>
            <dt className="text-slate-500">Permissions</dt>
            <dd>{status.token.permission.join(", ")}</dd>
          </dl>
        ) : (
          <p className="mt-1 text-slate-600">None yet: one is issued with the private key on the first payment call.</p>
        )}
        <p className="mt-2 text-xs text-slate-500">
          The token’s value is never shown; it lives encrypted on the server.
        </p>
      </div>
      {dialog}
    </section>
  );
}
