import { can, type Permission, type Grants } from "@/lib/platform/auth/permissions";

// Only pages that exist are listed; each shows for the roles that may open it.
export const NAV_ITEMS = [
  { href: "/", label: "nav.overview", permission: "overview.read" },
  { href: "/transactions", label: "nav.transactions", permission: "transactions.read" },
  { href: "/terminal", label: "nav.terminal", permission: "charges.create" },
  { href: "/payment-links", label: "nav.paymentLinks", permission: "charges.create" },
  { href: "/vault", label: "nav.vault", permission: "vault.read" },
  { href: "/customs", label: "nav.customs", permission: "customs.read" },
  { href: "/approvals", label: "nav.approvals", permission: "refunds.approve" },
  { href: "/refund-batches", label: "nav.refundBatches", permission: "money.move" },
  { href: "/chargebacks", label: "nav.chargebacks", permission: "chargebacks.read" },
  { href: "/reconciliation", label: "nav.reconciliation", permission: "reconciliation.read" },
  { href: "/webhooks", label: "nav.webhooks", permission: "webhooks.read" },
  { href: "/reports", label: "nav.reports", permission: "reports.read" },
  { href: "/audit", label: "nav.audit", permission: "audit.read" },
  { href: "/users", label: "nav.users", permission: "users.manage" },
  { href: "/settings", label: "nav.settings", permission: "settings.manage" },
] as const satisfies readonly { href: string; label: `nav.${string}`; permission: Permission }[];

export function navFor(who: Grants) {
  return NAV_ITEMS.filter((item) => can(who, item.permission));
}
