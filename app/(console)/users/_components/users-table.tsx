"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { ROLES, ROLE_LABELS, type Role } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format";
import { Notice } from "@/components/ui/notice";

type UserRow = {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  lastSignInAt: string | null;
  createdAt: string;
};

export function UsersTable({ users, currentUserId }: { users: UserRow[]; currentUserId: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: Partial<Pick<UserRow, "role" | "disabled">> }) =>
      apiFetch<{ user: UserRow }>(`/api/users/${id}`, { method: "PATCH", json: change }),
    onSuccess: ({ user }) => {
      setMessage({ tone: "success", text: `${user.email}: saved.` });
      router.refresh();
    },
    onError: (error) => setMessage({ tone: "error", text: error.message }),
  });

  return (
    <section className="space-y-3">
      {message && <Notice tone={message.tone} testId="users-message">{message.text}</Notice>}
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-4 py-2 font-medium">Name</th>
              <th className="px-4 py-2 font-medium">Email</th>
              <th className="px-4 py-2 font-medium">Role</th>
              <th className="px-4 py-2 font-medium">Status</th>
              <th className="px-4 py-2 font-medium">Last sign-in</th>
              <th className="px-4 py-2" />
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} data-testid={`user-row-${u.email}`} className="border-t border-slate-100">
                <td className="px-4 py-2">{u.name}{u.id === currentUserId && <span className="ml-1 text-slate-500">(you)</span>}</td>
                <td className="px-4 py-2 text-slate-700">{u.email}</td>
                <td className="px-4 py-2">
                  <select
                    aria-label={`Role of ${u.email}`}
                    value={u.role}
                    disabled={update.isPending}
                    onChange={(e) => update.mutate({ id: u.id, change: { role: e.target.value as Role } })}
                    className="rounded-md border border-slate-300 bg-white px-2 py-1"
                  >
                    {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
                  </select>
                </td>
                <td className="px-4 py-2">
                  {u.disabled ? <span className="text-red-700">Disabled</span> : <span className="text-emerald-700">Active</span>}
                </td>
                <td className="px-4 py-2 text-slate-600">{formatDateTime(u.lastSignInAt)}</td>
                <td className="px-4 py-2 text-right">
                  <button
                    type="button"
                    disabled={update.isPending}
                    onClick={() => update.mutate({ id: u.id, change: { disabled: !u.disabled } })}
                    className="rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50"
                  >
                    {u.disabled ? "Enable" : "Disable"}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
