"use client";

import { useMutation } from "@tanstack/react-query";
import { useUsersChanged } from "./use-users-changed";
import { USER_STATUSES, userList } from "@/lib/users/search-params";
import { useList } from "@/components/data-table/use-list";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { useMemo, useRef, useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { WAITING_TEXT } from "@/components/workflows/pending-changes/waiting";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/data-table/data-table";
import { ListSummary, pageSummary } from "@/components/data-table/list-summary";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { type RoleOption, type UserActions, type UserRow, userColumns } from "./users-columns";
import dynamic from "next/dynamic";
import { formLoading } from "@/components/form/lazy";

function Loading() {
  const t = useTranslations("users");
  return formLoading(t("form.loading"))();
}

// The new-user form, the roles and the provisioning token after the page's first load
// (components/form/lazy.tsx says why).
export const AdminForms = dynamic(() => import("./admin-forms").then((m) => m.AdminForms), {
  ssr: false,
  loading: () => <Loading />,
});

const small = "rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50";
const who = (u: UserRow) => `${u.name} (${u.emailShown ?? u.email})`;

/** `roles`: every role a person can be given; `presets`: the ones the role filter takes (lib/users/search-params.ts). */
export function UsersTable({
  currentUserId,
  roles,
  presets,
}: {
  currentUserId: string;
  roles: RoleOption[];
  presets: RoleOption[];
}) {
  const t = useTranslations("users");
  const tc = useTranslations("common");
  const f = useFormat();
  const changed = useUsersChanged();
  const { query, unpaged, filterBar } = useList(userList);
  const users = query.data?.users ?? [];
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [temporary, setTemporary] = useState<{ email: string; password: string } | null>(null);
  // Every change to another user's access (role, disabling, password, second factor) needs a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
  // Every one of these acts on one person: it is asked first, naming them, in the one dialog.
  const { ask, dialog: confirmation } = useConfirm();
  // A role chosen in a row's select, shown there until it is confirmed or given up.
  const [chosenRole, setChosenRole] = useState<{ id: string; role: string } | null>(null);
  const label = (key: string) => roles.find((r) => r.key === key)?.label ?? key;
  const reset = useMutation({
    mutationFn: ({ user, what }: { user: UserRow; what: "password" | "mfa" }) =>
      withStepUp(() =>
        apiFetch<{ temporaryPassword?: string; pendingChange?: unknown }>(
          `/api/users/${user.id}/${what === "password" ? "password-reset" : "mfa-reset"}`,
          { method: "POST" },
        ),
      ),
    onSuccess: (result, { user, what }) => {
      if (what === "password" && result.temporaryPassword)
        setTemporary({ email: user.email, password: result.temporaryPassword });
      setMessage({
        tone: "success",
        text: result.pendingChange
          ? tc(WAITING_TEXT)
          : what === "password"
            ? t("done.passwordReset", { email: user.email })
            : t("done.mfaReset", { email: user.email }),
      });
      changed(result);
    },
    onError: (error) => setMessage({ tone: "error", text: error.message }),
  });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: Partial<Pick<UserRow, "role" | "disabled">> }) =>
      withStepUp(() =>
        apiFetch<{ user?: UserRow; pendingChange?: unknown }>(`/api/users/${id}`, { method: "PATCH", json: change }),
      ),
    onSuccess: (result) => {
      const { user } = result;
      setMessage({ tone: "success", text: user ? t("done.saved", { email: user.email }) : tc(WAITING_TEXT) });
      changed(result);
    },
    onError: (error) => setMessage({ tone: "error", text: error.message }),
  });

  const actions: UserActions = {
    currentUserId,
    updating: update.isPending,
    resetting: reset.isPending,
    roles,
    roleShown: (u) => (chosenRole?.id === u.id ? chosenRole.role : u.role),
    chooseRole: (u, role) => {
      if (role === u.role) return setChosenRole(null);
      setChosenRole({ id: u.id, role });
      ask({
        title: t("confirm.roleTitle", { who: who(u), role: label(role) }),
        description: t("confirm.roleBody", { from: label(u.role), to: label(role) }),
        confirmLabel: t("confirm.roleConfirm"),
        tone: "primary",
        onConfirm: () => update.mutate({ id: u.id, change: { role } }, { onSettled: () => setChosenRole(null) }),
        onCancel: () => setChosenRole(null),
      });
    },
    toggleDisabled: (u) =>
      u.disabled
        ? ask({
            title: t("confirm.enableTitle", { who: who(u) }),
            description: t("confirm.enableBody"),
            confirmLabel: t("actions.enable"),
            tone: "primary",
            onConfirm: () => update.mutate({ id: u.id, change: { disabled: false } }),
          })
        : ask({
            title: t("confirm.disableTitle", { who: who(u) }),
            description: t("confirm.disableBody"),
            confirmLabel: t("actions.disable"),
            onConfirm: () => update.mutate({ id: u.id, change: { disabled: true } }),
          }),
    reset: (u, what) =>
      ask(
        what === "password"
          ? {
              title: t("confirm.passwordTitle", { who: who(u) }),
              description: t("confirm.passwordBody"),
              confirmLabel: t("actions.resetPassword"),
              onConfirm: () => reset.mutate({ user: u, what: "password" }),
            }
          : {
              title: t("confirm.mfaTitle", { who: who(u) }),
              description: t("confirm.mfaBody"),
              confirmLabel: t("actions.resetTwoStep"),
              onConfirm: () => reset.mutate({ user: u, what: "mfa" }),
            },
      ),
  };
  // Built once per language. TanStack renders each cell function as a component: new functions on
  // every render remounted every cell, and a focused button was replaced under the person (focus
  // fell to the page after a dialog). The cells read the latest actions through the ref.
  const latest = useRef(actions);
  latest.current = actions;
  const columns = useMemo(() => userColumns(liveActions(latest), { t, tc, f }), [t, tc, f]);
  // Not an empty table that looks like "no one": the page's error boundary says what failed.
  if (query.isError) throw query.error;

  return (
    <section className="space-y-3">
      {message && (
        <Notice tone={message.tone} testId="users-message">
          {message.text}
        </Notice>
      )}
      {temporary && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="temporary-password">
          <p className="font-medium text-amber-900">{t("temporary.title", { email: temporary.email })}</p>
          <p className="mt-2">
            <code className="rounded bg-white px-2 py-1 font-mono text-base">{temporary.password}</code>
          </p>
          <p className="mt-2 text-amber-900">{t("temporary.body")}</p>
          <button type="button" className={`${small} mt-3 bg-white`} onClick={() => setTemporary(null)}>
            {t("temporary.done")}
          </button>
        </div>
      )}
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("filters.search")} name="q" placeholder={t("filters.searchPlaceholder")} />
        <FilterSelect label={t("filters.role")} name="role" options={presets.map((r) => [r.key, r.label] as const)} />
        <FilterSelect
          label={t("filters.status")}
          name="status"
          options={USER_STATUSES}
          text={(s) => t(`status.${s}`)}
        />
      </FilterBar>
      <DataTable
        list="users"
        testId="users-table"
        rowTestId={(u) => `user-row-${u.email}`}
        columns={columns}
        data={users}
        loading={query.isPending}
        busy={query.isFetching}
        getRowId={(u) => u.id}
        empty={t("empty")}
        footer={<ListSummary summary={pageSummary(users, false)} noun={[t("noun.one"), t("noun.other")]} />}
      />
      {confirmation}
      {dialog}
    </section>
  );
}

/** Actions read at the moment a cell renders or a button is pressed, from the table's latest render. */
function liveActions(latest: { current: UserActions }): UserActions {
  return new Proxy({} as UserActions, { get: (_, key) => latest.current[key as keyof UserActions] });
}
