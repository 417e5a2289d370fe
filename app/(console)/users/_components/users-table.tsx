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

const small = "rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 disabled:opacity-50";

export function UsersTable({ users, currentUserId }: { users: UserRow[]; currentUserId: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [temporary, setTemporary] = useState<{ email: string; password: string } | null>(null);
  // Every change to another user's access (role, disabling, password, second factor) needs a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
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
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-4 py-2 font-medium">Name</th>
              <th className="px-4 py-2 font-medium">Email</th>
              <th className="px-4 py-2 font-medium">Role</th>
              <th className="px-4 py-2 font-medium">Status</th>
              <th className="px-4 py-2 font-medium">Two-step</th>
              <th className="px-4 py-2 font-medium">Sessions</th>
              <th className="px-4 py-2 font-medium">Last sign-in</th>
              <th className="px-4 py-2" />
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} data-testid={`user-row-${u.email}`} className="border-t border-slate-100">
                <td className="px-4 py-2">
                  {u.name}
                  {u.id === currentUserId && <span className="ml-1 text-slate-500">(you)</span>}
                </td>
                <td className="px-4 py-2 text-slate-700">{u.email}</td>
                <td className="px-4 py-2">
                  <select
                    aria-label={`Role of ${u.email}`}
                    value={u.role}
                    disabled={update.isPending}
                    onChange={(e) => update.mutate({ id: u.id, change: { role: e.target.value as Role } })}
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
                </td>
                <td className="px-4 py-2">
                  {u.mfaEnabled ? (
                    <span className="text-emerald-700">On</span>
                  ) : (
                    <span className="text-slate-500">Off</span>
                  )}
                </td>
                <td className="px-4 py-2 tabular-nums text-slate-600">{u.activeSessions}</td>
                <td className="whitespace-nowrap px-4 py-2 text-slate-600">{formatDateTime(u.lastSignInAt)}</td>
                <td className="space-x-1 whitespace-nowrap px-4 py-2 text-right">
                  <button
                    type="button"
                    disabled={update.isPending}
                    onClick={() => update.mutate({ id: u.id, change: { disabled: !u.disabled } })}
                    className={small}
                  >
                    {u.disabled ? "Enable" : "Disable"}
                  </button>
                  {u.id !== currentUserId && (
                    <button
                      type="button"
                      disabled={reset.isPending}
                      onClick={() =>
                        window.confirm(`Reset the password of ${u.email}? Their sessions end.`) &&
                        reset.mutate({ user: u, what: "password" })
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
                        window.confirm(
                          `Remove the second factor of ${u.email}? They set it up again at the next sign-in.`,
                        ) && reset.mutate({ user: u, what: "mfa" })
                      }
                      className={small}
                    >
                      Reset two-step
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {dialog}
    </section>
  );
}
