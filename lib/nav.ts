import { can, type Permission, type Role } from "@/lib/auth/permissions";

// Only pages that exist are listed; each shows for the roles that may open it.
export const NAV_ITEMS: readonly { href: string; label: string; permission: Permission }[] = [
  { href: "/", label: "Overview", permission: "overview.read" },
  { href: "/transactions", label: "Transactions", permission: "transactions.read" },
  { href: "/terminal", label: "Virtual terminal", permission: "charges.create" },
  { href: "/payment-links", label: "Pay by link", permission: "charges.create" },
  { href: "/vault", label: "Vault", permission: "vault.read" },
  { href: "/customs", label: "Customs", permission: "customs.read" },
  { href: "/approvals", label: "Approvals", permission: "refunds.approve" },
  { href: "/chargebacks", label: "Chargebacks", permission: "chargebacks.read" },
  { href: "/webhooks", label: "Webhook inbox", permission: "webhooks.read" },
  { href: "/reports", label: "Reports", permission: "reports.read" },
  { href: "/audit", label: "Audit log", permission: "audit.read" },
  { href: "/users", label: "Users", permission: "users.manage" },
  { href: "/settings", label: "Settings", permission: "settings.manage" },
];

export function navFor(role: Role) {
  return NAV_ITEMS.filter((item) => can(role, item.permission));
}
