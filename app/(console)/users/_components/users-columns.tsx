import type { Column } from "@/components/data-table/types";
import { ROLES, ROLE_LABELS, type Role } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format";

export type UserRow = {
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

/** What a row's controls do; the table owns the confirmations and the requests. */
export type UserActions = {
  currentUserId: string;
  updating: boolean;
  resetting: boolean;
  roleShown: (u: UserRow) => Role;
  chooseRole: (u: UserRow, role: Role) => void;
  toggleDisabled: (u: UserRow) => void;
  reset: (u: UserRow, what: "password" | "mfa") => void;
};

const small =
  "whitespace-nowrap rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 disabled:opacity-50";

// The person is pinned left and their actions pinned right, so at any width a button sits in the
// same row as the name it acts on.
export function userColumns(a: UserActions): Column<UserRow>[] {
  return [
    {
      id: "person",
      header: "Person",
      meta: { pin: "left" },
      cell: ({ row: { original: u } }) => (
        <div className="min-w-48 max-w-72" data-testid="row-id">
          <span className="font-medium text-slate-900">{u.name}</span>
          {u.id === a.currentUserId && <span className="ml-1 text-slate-500">(you)</span>}
          <span className="block break-words text-slate-600">{u.email}</span>
        </div>
      ),
    },
    {
      id: "role",
      header: "Role",
      meta: { keep: true },
      cell: ({ row: { original: u } }) => (
        <select
          aria-label={`Role of ${u.email}`}
          value={a.roleShown(u)}
          disabled={a.updating}
          onChange={(e) => a.chooseRole(u, e.target.value as Role)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      ),
    },
    {
      id: "status",
      header: "Status",
      meta: { keep: true },
      cell: ({ row: { original: u } }) => (
        <div data-testid="row-status">
          {u.disabled ? (
            <span className="text-red-700">Disabled</span>
          ) : (
            <span className="text-emerald-700">Active</span>
          )}
          {u.mustChangePassword && !u.disabled && (
            <span className="block text-xs text-amber-800">new password due</span>
          )}
          <span className={`block whitespace-nowrap text-xs ${u.mfaEnabled ? "text-emerald-700" : "text-slate-500"}`}>
            Two-step {u.mfaEnabled ? "on" : "off"}
          </span>
        </div>
      ),
    },
    {
      id: "signIn",
      header: "Sign-in",
      meta: { priority: 1 },
      cell: ({ row: { original: u } }) => (
        <span className="block text-xs text-slate-600">
          {u.lastSignInAt ? `Last ${formatDateTime(u.lastSignInAt)}` : "Never signed in"}
          {u.activeSessions > 0 && (
            <span className="block">
              {u.activeSessions} session{u.activeSessions === 1 ? "" : "s"} open
            </span>
          )}
        </span>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only sm:not-sr-only">Actions</span>,
      meta: { pin: "right", align: "right", label: "Actions" },
      cell: ({ row: { original: u } }) => (
        <div className="flex flex-wrap justify-end gap-1" data-testid="row-actions">
          <button type="button" disabled={a.updating} onClick={() => a.toggleDisabled(u)} className={small}>
            {u.disabled ? "Enable" : "Disable"}
          </button>
          {u.id !== a.currentUserId && (
            <button type="button" disabled={a.resetting} onClick={() => a.reset(u, "password")} className={small}>
              Reset password
            </button>
          )}
          {u.mfaEnabled && u.id !== a.currentUserId && (
            <button type="button" disabled={a.resetting} onClick={() => a.reset(u, "mfa")} className={small}>
              Reset two-step
            </button>
          )}
        </div>
      ),
    },
  ];
}
