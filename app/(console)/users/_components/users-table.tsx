"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { WAITING_TEXT } from "@/components/pending-changes/pending-panel";
import { ROLE_LABELS, type Role } from "@/lib/auth/permissions";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/data-table/data-table";
import { ListSummary, pageSummary } from "@/components/data-table/list-summary";
import { type UserActions, type UserRow, userColumns } from "./users-columns";

const small = "rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50";
const who = (u: UserRow) => `${u.name} (${u.email})`;

export function UsersTable({ users, currentUserId }: { users: UserRow[]; currentUserId: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [temporary, setTemporary] = useState<{ email: string; password: string } | null>(null);
  // Every change to another user's access (role, disabling, password, second factor) needs a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
  // Every one of these acts on one person: it is asked first, naming them, in the one dialog.
  const { ask, dialog: confirmation } = useConfirm();
  // A role chosen in a row's select, shown there until it is confirmed or given up.
  const [chosenRole, setChosenRole] = useState<{ id: string; role: Role } | null>(null);
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
          ? WAITING_TEXT
          : what === "password"
            ? `${user.email}: password reset; their sessions ended.`
            : `${user.email}: second factor removed; they set it up again at the next sign-in.`,
      });
      router.refresh();
    },
    onError: (error) => setMessage({ tone: "error", text: error.message }),
  });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: Partial<Pick<UserRow, "role" | "disabled">> }) =>
      withStepUp(() =>
        apiFetch<{ user?: UserRow; pendingChange?: unknown }>(`/api/users/${id}`, { method: "PATCH", json: change }),
      ),
    onSuccess: ({ user }) => {
      setMessage({ tone: "success", text: user ? `${user.email}: saved.` : WAITING_TEXT });
      router.refresh();
    },
    onError: (error) => setMessage({ tone: "error", text: error.message }),
  });

  const actions: UserActions = {
    currentUserId,
    updating: update.isPending,
    resetting: reset.isPending,
    roleShown: (u) => (chosenRole?.id === u.id ? chosenRole.role : u.role),
    chooseRole: (u, role) => {
      if (role === u.role) return setChosenRole(null);
      setChosenRole({ id: u.id, role });
      ask({
        title: `Change the role of ${who(u)} to ${ROLE_LABELS[role]}?`,
        description: `From ${ROLE_LABELS[u.role]} to ${ROLE_LABELS[role]}. Their sessions end; they sign in again with the new role.`,
        confirmLabel: "Change role",
        tone: "primary",
        onConfirm: () => update.mutate({ id: u.id, change: { role } }, { onSettled: () => setChosenRole(null) }),
        onCancel: () => setChosenRole(null),
      });
    },
    toggleDisabled: (u) =>
      u.disabled
        ? ask({
            title: `Enable ${who(u)}?`,
            description: "They can sign in again with their password and second factor.",
            confirmLabel: "Enable",
            tone: "primary",
            onConfirm: () => update.mutate({ id: u.id, change: { disabled: false } }),
          })
        : ask({
            title: `Disable ${who(u)}?`,
            description: "Their sessions end at once and they can no longer sign in.",
            confirmLabel: "Disable",
            onConfirm: () => update.mutate({ id: u.id, change: { disabled: true } }),
          }),
    reset: (u, what) =>
      ask(
        what === "password"
          ? {
              title: `Reset the password of ${who(u)}?`,
              description:
                "Their sessions end. You get a temporary password to give them; they choose their own at the next sign-in.",
              confirmLabel: "Reset password",
              onConfirm: () => reset.mutate({ user: u, what: "password" }),
            }
          : {
              title: `Remove the second factor of ${who(u)}?`,
              description: "They set it up again at the next sign-in.",
              confirmLabel: "Reset two-step",
              onConfirm: () => reset.mutate({ user: u, what: "mfa" }),
            },
      ),
  };
  const columns = userColumns(actions);

  return (
    <section className="space-y-3">
      {message && (
        <Notice tone={message.tone} testId="users-message">
          {message.text}
        </Notice>
      )}
      {temporary && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="temporary-password">
          <p className="font-medium text-amber-900">Temporary password for {temporary.email} — shown only now</p>
          <p className="mt-2">
            <code className="rounded bg-white px-2 py-1 font-mono text-base">{temporary.password}</code>
          </p>
          <p className="mt-2 text-amber-900">
            Give it to them by a channel you trust. They must choose their own at the next sign-in.
          </p>
          <button type="button" className={`${small} mt-3 bg-white`} onClick={() => setTemporary(null)}>
            Done
          </button>
        </div>
      )}
      <DataTable
        list="users"
        testId="users-table"
        rowTestId={(u) => `user-row-${u.email}`}
        columns={columns}
        data={users}
        getRowId={(u) => u.id}
        empty="No users yet."
        footer={<ListSummary summary={pageSummary(users, false)} noun={["user", "users"]} />}
      />
      {confirmation}
      {dialog}
    </section>
  );
}
