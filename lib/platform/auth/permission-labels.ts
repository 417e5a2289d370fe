import type { Permission } from "@/lib/platform/auth/permissions";

/** What each permission lets a person do: a key of the `common` catalog (callers translate). */
export const PERMISSION_LABELS = {
  "overview.read": "permissions.overview_read",
  "transactions.read": "permissions.transactions_read",
  "transactions.annotate": "permissions.transactions_annotate",
  "charges.create": "permissions.charges_create",
  "money.move": "permissions.money_move",
  "refunds.approve": "permissions.refunds_approve",
  "chargebacks.read": "permissions.chargebacks_read",
  "chargebacks.manage": "permissions.chargebacks_manage",
  "webhooks.read": "permissions.webhooks_read",
  "webhooks.manage": "permissions.webhooks_manage",
  "customs.read": "permissions.customs_read",
  "customs.declare": "permissions.customs_declare",
  "vault.read": "permissions.vault_read",
  "vault.manage": "permissions.vault_manage",
  "audit.read": "permissions.audit_read",
  "reports.read": "permissions.reports_read",
  "users.manage": "permissions.users_manage",
  "settings.manage": "permissions.settings_manage",
  "reconciliation.read": "permissions.reconciliation_read",
  "reconciliation.manage": "permissions.reconciliation_manage",
  "notifications.manage": "permissions.notifications_manage",
} as const satisfies Record<Permission, `permissions.${string}`>;
