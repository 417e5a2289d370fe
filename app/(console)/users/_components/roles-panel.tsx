"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { PERMISSIONS, type Permission } from "@/lib/platform/auth/permissions";
import { PERMISSION_LABELS } from "@/lib/platform/auth/permission-labels";
import { WAITING_TEXT } from "@/components/workflows/pending-changes/waiting";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";

export type RoleView = {
  key: string;
  label: string;
  permissions: readonly Permission[];
  preset: boolean;
  users: number;
};

const field = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm";

function PermissionChecks({ chosen, onChange }: { chosen: Permission[]; onChange: (next: Permission[]) => void }) {
  const tc = useTranslations("common");
  return (
    <div className="grid gap-1 sm:grid-cols-2">
      {PERMISSIONS.map((p) => (
        <label key={p} className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-1"
            checked={chosen.includes(p)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, p] : chosen.filter((c) => c !== p))}
          />
          <span>
            {tc(PERMISSION_LABELS[p])} <code className="text-xs text-slate-500">{p}</code>
          </span>
        </label>
      ))}
    </div>
  );
}

/** The roles people can hold, and an admin's own made from the permission list (issue 51). */
export function RolesPanel({ roles }: { roles: RoleView[] }) {
  const t = useTranslations("users");
  const tc = useTranslations("common");
  const router = useRouter();
  const { withStepUp, dialog } = useStepUp();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [editing, setEditing] = useState<{ key: string; permissions: Permission[] } | null>(null);
  const [draft, setDraft] = useState<{ key: string; name: string; permissions: Permission[] }>({
    key: "",
    name: "",
    permissions: [],
  });
  const done = (text: string) => {
    setMessage({ tone: "success", text });
    router.refresh();
  };
  const failed = (error: Error) => setMessage({ tone: "error", text: error.message });
  const create = useMutation({
    mutationFn: () =>
      withStepUp(() => apiFetch<{ role: { key: string } }>("/api/roles", { method: "POST", json: draft })),
    onSuccess: ({ role }) => {
      setDraft({ key: "", name: "", permissions: [] });
      done(t("roles.created", { key: role.key }));
    },
    onError: failed,
  });
  const save = useMutation({
    mutationFn: (change: { key: string; permissions: Permission[] }) =>
      withStepUp(() =>
        apiFetch<{ pendingChange?: unknown }>(`/api/roles/${change.key}`, {
          method: "PATCH",
          json: { permissions: change.permissions },
        }),
      ),
    onSuccess: (result, { key }) => {
      setEditing(null);
      done(result.pendingChange ? tc(WAITING_TEXT) : t("roles.saved", { key }));
    },
    onError: failed,
  });

  return (
    <Card padding={5}>
      <CardTitle>{t("roles.title")}</CardTitle>
      <CardIntro>{t("roles.intro")}</CardIntro>
      {message && (
        <div className="mt-3">
          <Notice tone={message.tone} testId="roles-message">
            {message.text}
          </Notice>
        </div>
      )}
      <ul className="mt-4 divide-y divide-slate-200" data-testid="roles-list">
        {roles.map((r) => (
          <li key={r.key} className="py-3" data-testid={`role-${r.key}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium text-slate-900">
                <span translate={r.preset ? undefined : "no"}>{r.label}</span>{" "}
                <code className="text-xs text-slate-500">{r.key}</code>
              </span>
              <span className="text-xs text-slate-600">
                {r.preset ? t("roles.preset") : t("roles.people", { count: r.users })}
              </span>
            </div>
            {editing?.key === r.key ? (
              <div className="mt-2 space-y-2">
                <PermissionChecks
                  chosen={editing.permissions}
                  onChange={(permissions) => setEditing({ key: r.key, permissions })}
                />
                <div className="flex gap-2">
                  <Button type="button" disabled={save.isPending} onClick={() => save.mutate(editing)}>
                    {t("roles.save")}
                  </Button>
                  <Button type="button" variant="secondary" onClick={() => setEditing(null)}>
                    {t("roles.cancel")}
                  </Button>
                </div>
              </div>
            ) : (
              <div className="mt-1 flex flex-wrap items-center gap-1">
                {r.permissions.length === 0 && (
                  <span className="text-xs text-slate-600" data-testid="role-no-permissions">
                    {t("roles.noPermissions")}
                  </span>
                )}
                {r.permissions.map((p) => (
                  <span key={p} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {tc(PERMISSION_LABELS[p])}
                  </span>
                ))}
                {!r.preset && (
                  <Button
                    type="button"
                    variant="ghost"
                    className="text-xs"
                    onClick={() => setEditing({ key: r.key, permissions: [...r.permissions] })}
                  >
                    {t("roles.edit")}
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <form
        method="post"
        className="mt-4 space-y-3 border-t border-slate-200 pt-4"
        onSubmit={(e) => {
          e.preventDefault();
          setMessage(null);
          if (!create.isPending) create.mutate();
        }}
      >
        <h3 className="font-medium text-slate-900">{t("roles.newTitle")}</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm text-slate-700">
            {t("roles.name")}
            <input
              className={field}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </label>
          <label className="text-sm text-slate-700">
            {t("roles.key")}
            <input className={field} value={draft.key} onChange={(e) => setDraft({ ...draft, key: e.target.value })} />
          </label>
        </div>
        <fieldset>
          <legend className="text-sm text-slate-700">{t("roles.permissions")}</legend>
          <PermissionChecks
            chosen={draft.permissions}
            onChange={(permissions) => setDraft({ ...draft, permissions })}
          />
        </fieldset>
        <Button type="submit" disabled={create.isPending}>
          {t("roles.create")}
        </Button>
      </form>
      {dialog}
    </Card>
  );
}
