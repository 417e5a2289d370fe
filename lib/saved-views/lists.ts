import type { Permission } from "@/lib/platform/auth/permissions";

// The lists a view can be saved for: where each lives and who may read it.
export const SAVED_VIEW_LISTS = {
  transactions: { path: "/transactions", permission: "transactions.read" },
  operations: { path: "/operations", permission: "transactions.read" },
  approvals: { path: "/approvals", permission: "refunds.approve" },
  chargebacks: { path: "/chargebacks", permission: "chargebacks.read" },
  webhooks: { path: "/webhooks", permission: "webhooks.read" },
  customs: { path: "/customs", permission: "customs.read" },
  vault: { path: "/vault", permission: "vault.read" },
  "payment-links": { path: "/payment-links", permission: "charges.create" },
  users: { path: "/users", permission: "users.manage" },
  audit: { path: "/audit", permission: "audit.read" },
  customers: { path: "/customers", permission: "transactions.read" },
  reconciliation: { path: "/reconciliation", permission: "reconciliation.read" },
  "refund-batches": { path: "/refund-batches", permission: "transactions.read" },
} as const satisfies Record<string, { path: string; permission: Permission }>;
export type SavedViewList = keyof typeof SAVED_VIEW_LISTS;
export const SAVED_VIEW_LIST_IDS = Object.keys(SAVED_VIEW_LISTS) as SavedViewList[];

const PAGING = new Set(["cursor", "before", "after", "page"]);
const KEY = /^[A-Za-z][\w.-]{0,31}$/;
export const MAX_QUERY_LENGTH = 1000;
const MAX_VALUE = 200;
const MAX_KEYS = 20;

/** A list's query string in one canonical form. */
export function canonicalQuery(raw: string): string | null {
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  const kept: [string, string][] = [];
  for (const [key, value] of params) {
    const v = value.trim();
    if (!KEY.test(key) || PAGING.has(key) || !v || v.length > MAX_VALUE) continue;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    if (/[\u0000-\u001f\u007f]/.test(v)) continue;
    kept.push([key, v]);
  }
  if (!kept.length || kept.length > MAX_KEYS) return null;
  kept.sort(([a], [b]) => (a === b ? 0 : a < b ? -1 : 1));
  const query = new URLSearchParams(kept).toString();
  return query.length > MAX_QUERY_LENGTH ? null : query;
}

export const viewHref = (list: SavedViewList, query: string) => `${SAVED_VIEW_LISTS[list].path}?${query}`;
