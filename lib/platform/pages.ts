import type { Permission } from "@/lib/platform/auth/permissions";
import type { Messages } from "@/lib/platform/i18n/catalog";

// The lists that are pages, each said once; its list names it (`defineList(parsers, { page: id, api })`).
export type NavLabel = `nav.${keyof Messages["shell"]["nav"] & string}`;
/** Where a list is a page (at `/${id}`): who opens it, its navigation entry (`who`: if fewer people). */
type Page = { permission: Permission; nav?: { label: NavLabel; who?: Permission } };

const LISTS = {
  transactions: { permission: "transactions.read", nav: { label: "nav.transactions" } },
  operations: { permission: "transactions.read" },
  approvals: { permission: "refunds.approve", nav: { label: "nav.approvals" } },
  chargebacks: { permission: "chargebacks.read", nav: { label: "nav.chargebacks" } },
  webhooks: { permission: "webhooks.read", nav: { label: "nav.webhooks" } },
  customs: { permission: "customs.read", nav: { label: "nav.customs" } },
  vault: { permission: "vault.read", nav: { label: "nav.vault" } },
  "payment-links": { permission: "charges.create", nav: { label: "nav.paymentLinks" } },
  users: { permission: "users.manage", nav: { label: "nav.users" } },
  audit: { permission: "audit.read", nav: { label: "nav.audit" } },
  customers: { permission: "transactions.read" },
  reconciliation: { permission: "reconciliation.read", nav: { label: "nav.reconciliation" } },
  "refund-batches": { permission: "transactions.read", nav: { label: "nav.refundBatches", who: "money.move" } },
} as const satisfies Record<string, Page>;

export type ListId = keyof typeof LISTS;
/** A list that is a page, with its id (what its saved views name). */
export type ListPage = Page & { id: ListId; path: `/${ListId}` };
export const LIST_IDS = Object.keys(LISTS) as [ListId, ...ListId[]];

export const listPage = (id: ListId): ListPage => ({ id, path: `/${id}`, ...LISTS[id] });
export const LIST_PAGES = LIST_IDS.map(listPage);
