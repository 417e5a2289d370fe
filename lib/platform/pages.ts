import type { ListPage } from "@/lib/platform/api/list-state";

// The lists that are pages, each said once; its URL state takes it (`defineListState(parsers, listPage(id))`).
const LISTS = {
  transactions: { path: "/transactions", permission: "transactions.read", nav: { label: "nav.transactions" } },
  operations: { path: "/operations", permission: "transactions.read" },
  approvals: { path: "/approvals", permission: "refunds.approve", nav: { label: "nav.approvals" } },
  chargebacks: { path: "/chargebacks", permission: "chargebacks.read", nav: { label: "nav.chargebacks" } },
  webhooks: { path: "/webhooks", permission: "webhooks.read", nav: { label: "nav.webhooks" } },
  customs: { path: "/customs", permission: "customs.read", nav: { label: "nav.customs" } },
  vault: { path: "/vault", permission: "vault.read", nav: { label: "nav.vault" } },
  "payment-links": { path: "/payment-links", permission: "charges.create", nav: { label: "nav.paymentLinks" } },
  users: { path: "/users", permission: "users.manage", nav: { label: "nav.users" } },
  audit: { path: "/audit", permission: "audit.read", nav: { label: "nav.audit" } },
  customers: { path: "/customers", permission: "transactions.read" },
  reconciliation: { path: "/reconciliation", permission: "reconciliation.read", nav: { label: "nav.reconciliation" } },
  "refund-batches": {
    path: "/refund-batches",
    permission: "transactions.read",
    nav: { label: "nav.refundBatches", who: "money.move" },
  },
} as const satisfies Record<string, Omit<ListPage, "id">>;

export type ListId = keyof typeof LISTS;
export const LIST_IDS = Object.keys(LISTS) as [ListId, ...ListId[]];

export const listPage = <Id extends ListId>(id: Id): ListPage<Id> => ({ id, ...LISTS[id] });
export const LIST_PAGES = LIST_IDS.map(listPage);
