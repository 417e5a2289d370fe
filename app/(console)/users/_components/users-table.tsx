"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { WAITING_TEXT } from "@/components/pending-changes/pending-panel";
import { ROLES, ROLE_LABELS, type Role } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import { useConfirm } from "@/components/ui/confirm-dialog";

type UserRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  mustChangePassword: boolean;
  mfaEnabled: boolean;
  activeSessions: number;
};

const small =
  "whitespace-nowrap rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 disabled:opacity-50";
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
      {/* Few, narrow columns (sign-in facts go under the status), so a row's actions sit beside its person at work widths. */}
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-4 py-2 font-medium">Person</th>
              <th className="px-4 py-2 font-medium">Role</th>
              <th className="px-4 py-2 font-medium">Status</th>
              <th className="px-4 py-2 text-right font-medium">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr
                key={u.id}
                data-testid={`user-row-${u.email}`}
                className="border-t border-slate-100 align-top hover:bg-slate-50"
              >
                <td className="min-w-56 px-4 py-2">
                  <span className="font-medium text-slate-900">{u.name}</span>
                  {u.id === currentUserId && <span className="ml-1 text-slate-500">(you)</span>}
                  <span className="block break-words text-slate-600">{u.email}</span>
                </td>
                <td className="px-4 py-2">
                  <select
                    aria-label={`Role of ${u.email}`}
                    value={chosenRole?.id === u.id ? chosenRole.role : u.role}
                    disabled={update.isPending}
                    onChange={(e) => {
                      const role = e.target.value as Role;
                      if (role === u.role) return setChosenRole(null);
                      setChosenRole({ id: u.id, role });
                      ask({
                        title: `Change the role of ${who(u)} to ${ROLE_LABELS[role]}?`,
                        description: `From ${ROLE_LABELS[u.role]} to ${ROLE_LABELS[role]}. Their sessions end; they sign in again with the new role.`,
                        confirmLabel: "Change role",
                        tone: "primary",
                        onConfirm: () =>
                          update.mutate({ id: u.id, change: { role } }, { onSettled: () => setChosenRole(null) }),
                        onCancel: () => setChosenRole(null),
                      });
                    }}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1"
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="px-4 py-2">
                  {u.disabled ? (
                    <span className="text-red-700">Disabled</span>
                  ) : (
                    <span className="text-emerald-700">Active</span>
                  )}
                  {u.mustChangePassword && !u.disabled && (
                    <span className="block text-xs text-amber-800">new password due</span>
                  )}
                  <span
                    className={`block whitespace-nowrap text-xs ${u.mfaEnabled ? "text-emerald-700" : "text-slate-500"}`}
                  >
                    Two-step {u.mfaEnabled ? "on" : "off"}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {u.lastSignInAt ? `Last sign-in ${formatDateTime(u.lastSignInAt)}` : "Never signed in"}
                    {u.activeSessions > 0 && ` · ${u.activeSessions} session${u.activeSessions === 1 ? "" : "s"} open`}
                  </span>
                </td>
                <td className="px-4 py-2">
                  <div className="flex flex-wrap justify-end gap-1">
                    <button
                      type="button"
                      disabled={update.isPending}
                      onClick={() =>
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
                            })
                      }
                      className={small}
                    >
                      {u.disabled ? "Enable" : "Disable"}
                    </button>
                    {u.id !== currentUserId && (
                      <button
                        type="button"
                        disabled={reset.isPending}
                        onClick={() =>
                          ask({
                            title: `Reset the password of ${who(u)}?`,
                            description:
                              "Their sessions end. You get a temporary password to give them; they choose their own at the next sign-in.",
                            confirmLabel: "Reset password",
                            onConfirm: () => reset.mutate({ user: u, what: "password" }),
                          })
                        }
                        className={small}
                      >
                        Reset password
                      </button>
                    )}
                    {u.mfaEnabled && u.id !== currentUserId && (
                      <button
                        type="button"
                        disabled={reset.isPending}
                        onClick={() =>
                          ask({
                            title: `Remove the second factor of ${who(u)}?`,
                            description: "They set it up again at the next sign-in.",
                            confirmLabel: "Reset two-step",
                            onConfirm: () => reset.mutate({ user: u, what: "mfa" }),
                          })
                        }
                        className={small}
                      >
                        Reset two-step
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {confirmation}
      {dialog}
    </section>
  );
}
