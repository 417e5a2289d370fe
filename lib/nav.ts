import { type ListId, listPage, type NavLabel } from "@/lib/platform/pages";
import { can, type Permission, type Grants } from "@/lib/platform/auth/permissions";

type NavItem = { href: string; label: NavLabel; permission: Permission };

/** A list's entry, as its definition says it (lib/platform/pages.ts). */
function list(id: ListId): NavItem {
  const { path, permission, nav } = listPage(id);
  if (!nav) throw new Error(`the list ${id} has no navigation entry`);
  return { href: path, label: nav.label, permission: nav.who ?? permission };
}

// Only pages that exist are listed, in this order; each shows for the roles that may open it.
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "nav.overview", permission: "overview.read" },
  list("transactions"),
  { href: "/terminal", label: "nav.terminal", permission: "charges.create" },
  list("payment-links"),
  list("vault"),
  list("customs"),
  list("approvals"),
  list("refund-batches"),
  list("chargebacks"),
  list("reconciliation"),
  list("webhooks"),
  { href: "/reports", label: "nav.reports", permission: "reports.read" },
  list("audit"),
  list("users"),
  { href: "/settings", label: "nav.settings", permission: "settings.manage" },
];

export function navFor(who: Grants) {
  return NAV_ITEMS.filter((item) => can(who, item.permission));
}
