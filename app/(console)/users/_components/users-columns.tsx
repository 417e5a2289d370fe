import type { Column } from "@/components/data-table/types";
import { statusColumn } from "@/components/data-table/common-columns";
import type { Format } from "@/lib/platform/i18n/format";
import type { useTranslations } from "@/lib/platform/i18n/client";

/** The table's words and formats, from its component's hooks. */
export type UsersWords = {
  t: ReturnType<typeof useTranslations<"users">>;
  tc: ReturnType<typeof useTranslations<"common">>;
  f: Format;
};

/** A role a person can be given: its key, and its name in the reader's language (a preset's translated). */
/** `own`: the merchant's name for a role it made (data, never translated: marked translate="no"). */
export type RoleOption = { key: string; label: string; own?: boolean };

export type UserRow = {
  id: string;
  email: string;
  /** The address as people write it (an internationalised domain in its own script). */
  emailShown?: string;
  name: string;
  role: string;
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
  roles: RoleOption[];
  roleShown: (u: UserRow) => string;
  chooseRole: (u: UserRow, role: string) => void;
  toggleDisabled: (u: UserRow) => void;
  reset: (u: UserRow, what: "password" | "mfa") => void;
};

const small =
  "whitespace-nowrap rounded-md border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 disabled:opacity-50";

// The person is pinned left and their actions pinned right, so at any width a button sits in the
// same row as the name it acts on.
export function userColumns(a: UserActions, { t, f }: UsersWords): Column<UserRow>[] {
  return [
    {
      id: "person",
      header: t("columns.person"),
      meta: { pin: "left" },
      cell: ({ row: { original: u } }) => (
        <div className="min-w-48 max-w-72" data-testid="row-id">
          <span className="font-medium text-slate-900">{u.name}</span>
          {u.id === a.currentUserId && <span className="ml-1 text-slate-500">{t("you")}</span>}
          <span
            className="block break-words text-slate-600"
            translate="no"
            data-testid="user-email"
            title={u.emailShown ? u.email : undefined}
          >
            {u.emailShown ?? u.email}
          </span>
        </div>
      ),
    },
    {
      id: "role",
      header: t("columns.role"),
      meta: { keep: true },
      cell: ({ row: { original: u } }) => (
        <select
          aria-label={t("roleOf", { email: u.emailShown ?? u.email })}
          value={a.roleShown(u)}
          disabled={a.updating}
          onChange={(e) => a.chooseRole(u, e.target.value)}
          className="rounded-md border border-slate-300 bg-white px-2 py-1"
        >
          {a.roles.map((r) => (
            <option key={r.key} value={r.key} translate={r.own ? "no" : undefined}>
              {r.label}
            </option>
          ))}
        </select>
      ),
    },
    statusColumn(t("columns.status"), (u) => (
      <>
        {u.disabled ? (
          <span className="text-red-700">{t("status.disabled")}</span>
        ) : (
          <span className="text-emerald-700">{t("status.active")}</span>
        )}
        {u.mustChangePassword && !u.disabled && (
          <span className="block text-xs text-amber-800">{t("status.passwordDue")}</span>
        )}
        <span className={`block whitespace-nowrap text-xs ${u.mfaEnabled ? "text-emerald-700" : "text-slate-500"}`}>
          {u.mfaEnabled ? t("status.twoStepOn") : t("status.twoStepOff")}
        </span>
      </>
    )),
    {
      id: "signIn",
      header: t("columns.signIn"),
      meta: { priority: 1 },
      cell: ({ row: { original: u } }) => (
        <span className="block text-xs text-slate-600">
          {u.lastSignInAt ? t("lastSignIn", { at: f.dateTime(u.lastSignInAt) }) : t("neverSignedIn")}
          {u.activeSessions > 0 && <span className="block">{t("sessionsOpen", { count: u.activeSessions })}</span>}
        </span>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only sm:not-sr-only">{t("columns.actions")}</span>,
      meta: { pin: "right", align: "right", label: t("columns.actions") },
      cell: ({ row: { original: u } }) => (
        <div className="flex flex-wrap justify-end gap-1" data-testid="row-actions">
          <button type="button" disabled={a.updating} onClick={() => a.toggleDisabled(u)} className={small}>
            {u.disabled ? t("actions.enable") : t("actions.disable")}
          </button>
          {u.id !== a.currentUserId && (
            <button type="button" disabled={a.resetting} onClick={() => a.reset(u, "password")} className={small}>
              {t("actions.resetPassword")}
            </button>
          )}
          {u.mfaEnabled && u.id !== a.currentUserId && (
            <button type="button" disabled={a.resetting} onClick={() => a.reset(u, "mfa")} className={small}>
              {t("actions.resetTwoStep")}
            </button>
          )}
        </div>
      ),
    },
  ];
}
