import type { Permission } from "@/lib/auth/permissions";

export const PERMISSION_LABELS: Record<Permission, string> = {
  "overview.read": "See the overview",
  "transactions.read": "Read transactions",
  "transactions.annotate": "Add internal notes to transactions",
  "charges.create": "Create charges and payment links",
  "money.move": "Capture, refund and cancel",
  "refunds.approve": "Approve large refunds",
  "chargebacks.read": "Review chargebacks",
  "chargebacks.manage": "Work chargeback cases: owner, notes, evidence",
  "webhooks.read": "Read the webhook inbox",
  "webhooks.manage": "Re-apply and re-sync webhooks",
  "customs.read": "Read customs declarations",
  "customs.declare": "Declare orders to China Customs",
  "vault.read": "Read stored payment tokens",
  "vault.manage": "Add and delete payment tokens",
  "audit.read": "Read the audit log",
  "reports.read": "Read reports",
  "users.manage": "Manage users and roles",
  "settings.manage": "Manage credentials and settings",
};
