import type { Role } from "./roles";

// Roles are data: a role is a row of `roles` (lib/roles) holding its permissions.
export { isPreset, NO_ACCESS, ROLES, type Role } from "./roles";

export const PERMISSIONS = [
  "overview.read",
  "transactions.read",
  "transactions.annotate",
  "charges.create",
  "money.move",
  "refunds.approve",
  "chargebacks.read",
  "chargebacks.manage",
  "webhooks.read",
  "webhooks.manage",
  "customs.read",
  "customs.declare",
  "vault.read",
  "vault.manage",
  "audit.read",
  "reports.read",
  "users.manage",
  "settings.manage",
  "reconciliation.read",
  "reconciliation.manage",
  // A role's notification defaults and its scheduled reports (issue 35).
  "notifications.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (p: string): p is Permission => (PERMISSIONS as readonly string[]).includes(p);

/** The presets' permissions: the rows the migration made (lib/roles/roles.test.ts holds them equal). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  finance: [
    "overview.read",
    "transactions.read",
    "transactions.annotate",
    "charges.create",
    "money.move",
    "chargebacks.read",
    "vault.read",
    "vault.manage",
    "reports.read",
    // The daily reconciliation's differences are finance's and the managers' to settle (issue 34).
    "reconciliation.read",
    "reconciliation.manage",
  ],
  ops: ["overview.read", "transactions.read", "customs.read", "customs.declare"],
  manager: [
    "overview.read",
    "transactions.read",
    "transactions.annotate",
    "refunds.approve",
    "chargebacks.read",
    // Managers work the cases: owner, notes, evidence (DESIGN.md: managers review chargebacks).
    "chargebacks.manage",
    "webhooks.read",
    "webhooks.manage",
    "customs.read",
    "vault.read",
    "audit.read",
    "reports.read",
    "reconciliation.read",
    "reconciliation.manage",
    "notifications.manage",
  ],
  admin: [
    "overview.read",
    "transactions.read",
    "transactions.annotate",
    "webhooks.read",
    "webhooks.manage",
    "customs.read",
    "customs.declare",
    "vault.read",
    "vault.manage",
    "audit.read",
    "users.manage",
    "settings.manage",
  ],
};

/** Each role's name: a key of the `common` catalog (callers translate: `t(ROLE_LABELS[role])`). */
export const ROLE_LABELS = {
  admin: "roles.admin",
  finance: "roles.finance",
  ops: "roles.ops",
  manager: "roles.manager",
} as const satisfies Record<Role, `roles.${string}`>;

/** What a person, or a role, may do: always read from its permissions, never from its name. */
export type Grants = { permissions: readonly Permission[] };

export const presetGrants = (role: Role): Grants => ({ permissions: ROLE_PERMISSIONS[role] });

export function can(who: Grants | null | undefined, permission: Permission): boolean {
  return !!who && who.permissions.includes(permission);
}
