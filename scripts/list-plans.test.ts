import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "vitest";
import { encodeCursor } from "@/lib/platform/api/keyset";
import { auditFilterSchema, pageAudit } from "@/lib/platform/audit/query";
import { operationListQuerySchema } from "@/lib/operations/schemas";
import { operationsPage } from "@/lib/operations/view";
import { approvalListQuerySchema, approvalsPage, recentlyDecided } from "@/lib/operations/approvals";
import { chargebackFilterSchema } from "@/lib/chargebacks/schemas";
import { listChargebacks } from "@/lib/chargebacks/query";
import { declarationFilterSchema } from "@/lib/declarations/schemas";
import { listDeclarations } from "@/lib/declarations/view";
import { inboxFilterSchema, listNotifications } from "@/lib/webhooks/query";
import { vaultFilterSchema } from "@/lib/vault/schemas";
import { listVault } from "@/lib/vault/list";
import { paymentLinkPageSchema } from "@/lib/payment-links/schemas";
import { pagePaymentLinks } from "@/lib/payment-links/service";
import { batchListQuerySchema } from "@/lib/refund-batches/schemas";
import { pageRefundBatches } from "@/lib/refund-batches/view";
import { inboxQuerySchema } from "@/lib/notifications/schemas";
import { pageNotifications } from "@/lib/notifications/inbox";
import { presetOf } from "@/test/staff";
import { userListQuerySchema } from "@/lib/users/schemas";
import { listUsers } from "@/lib/users/service";
import { planner } from "@/test/query-plans";
import { pool } from "@/lib/platform/db";
import { checkPlans, type PlanCase, type Planner } from "@/test/list-plans";

// The audit action filter is a prefix (LIKE 'users.%'): a btree serves it only under the C
// collation, which the console's own PostgreSQL has (initdb --locale=C: npm start, npm test).
// On a server with another collation (CI's second pass: Debian's, C.UTF-8) the prefix is read
// through the time index instead, and this case does not ask for an index path.
const C_COLLATION = ["C", "POSIX"].includes(
  (await pool.query<{ c: string }>("SELECT datcollate AS c FROM pg_database WHERE datname = current_database()"))
    .rows[0]?.c ?? "",
);

// Every other list the API pages (issue 36): operations, approvals, chargebacks, customs
// declarations, the webhook inbox, the audit trail, the vault, payment links, refund batches, the notification centre and users. Each
// filter its route accepts, on the first page and with a cursor, must be served by an index on
// the tables that grow — no Seq Scan with sequential scans disabled (test/list-plans.ts).

type Query = Record<string, string>;
const at = "2026-01-15T10:00:00.000Z";
const EN = { locale: "en" as const, timeZone: "UTC" };
const uuidCursor = () => encodeCursor(at, randomUUID());

/** The first page and a deeper one of each filter; `deep` adds the list's cursor to a query. */
function cases(
  list: string,
  filters: [string, Query][],
  deep: () => Query,
  call: (q: Query) => Promise<unknown>,
  search: (q: Query) => string | undefined = (q) => q.q,
): PlanCase[] {
  return filters.flatMap(([name, q]) =>
    [false, true].map((d) => {
      const query = d ? { ...q, ...deep() } : q;
      return { list, name: `${name}${d ? ", cursor" : ""}`, call: () => call(query), search: search(q), deep: d };
    }),
  );
}

const LISTS: PlanCase[] = [
  ...cases(
    "operations",
    [
      ["no filter", {}],
      ["status", { status: "unknown" }],
    ],
    () => ({ cursor: uuidCursor() }),
    (q) => operationsPage(operationListQuerySchema.parse(q)),
  ),
  ...cases(
    "approvals",
    [["pending approval", {}]],
    () => ({ cursor: uuidCursor() }),
    (q) => approvalsPage(approvalListQuerySchema.parse(q), { email: "manager@example.com" }),
  ),
  // The approvals page's table of what was decided lately, on every /approvals page.
  { list: "approvals", name: "recently decided (page)", call: () => recentlyDecided() },
  ...cases(
    "chargebacks",
    [
      ["no filter", {}],
      ["status", { status: "Notification of Claim" }],
      ["q", { q: "cb-123456" }],
      ["q with status", { q: "cb-123456", status: "Notification of Claim" }],
    ],
    () => ({ cursor: encodeCursor(at, `cb-${randomUUID()}`) }),
    (q) => listChargebacks(chargebackFilterSchema.parse(q)),
  ),
  ...cases(
    "declarations",
    [
      ["no filter", {}],
      ["vendor", { vendor: "alipay" }],
      ["state", { state: "failed" }],
      ["customs status", { customsStatus: "SUBMITTED" }],
      ["q", { q: "order-123" }],
      ["vendor+state+customs status", { vendor: "wechatpay", state: "submitted", customsStatus: "SUBMITTED" }],
    ],
    () => ({ cursor: uuidCursor() }),
    (q) => listDeclarations(declarationFilterSchema.parse(q)),
  ),
  ...cases(
    "webhook inbox",
    [
      ["no filter", {}],
      ["type", { type: "refund" }],
      ["verification", { verification: "rejected" }],
      ["apply state", { state: "unconfirmed" }],
      ["q", { q: "tx-123456" }],
      ["type+verification+state", { type: "charge", verification: "verified", state: "applied" }],
    ],
    () => ({ before: "123456789" }),
    (q) => listNotifications(inboxFilterSchema.parse(q)),
  ),
  ...cases(
    "audit",
    [
      ["no filter", {}],
      ["actor", { actor: "jane@" }],
      ["action", { action: "transactions.refund" }],
      ["result", { result: "denied" }],
      ["from–to", { from: "2026-01-01", to: "2026-01-31" }],
      ["actor+action+result+days", { actor: "jane", action: "users.", result: "ok", from: "2026-01-01" }],
    ],
    () => ({ before: "123456789" }),
    (q) => pageAudit({ ...auditFilterSchema.parse(q), timeZone: "Europe/Berlin" }),
    (q) => q.actor ?? (C_COLLATION ? q.action : undefined),
  ),
  ...cases(
    "vault",
    [
      ["no filter", {}],
      ["status", { status: "deleted" }],
      ["brand", { brand: "visa" }],
      ["q", { q: "cust-778899" }],
      ["q last four", { q: "4242" }],
    ],
    () => ({ cursor: encodeCursor(at, `tok-${randomUUID()}`) }),
    (q) => listVault(vaultFilterSchema.parse(q)),
  ),
  ...cases(
    "payment links",
    [
      ["no filter", {}],
      ["status", { status: "expired" }],
      ["q", { q: "link-123" }],
    ],
    () => ({ cursor: uuidCursor() }),
    (q) => pagePaymentLinks(paymentLinkPageSchema.parse(q)),
  ),
  ...cases(
    "refund batches",
    [
      ["no filter", {}],
      ["status", { status: "awaiting_approval" }],
    ],
    () => ({ cursor: uuidCursor() }),
    (q) => pageRefundBatches(batchListQuerySchema.parse(q)),
  ),
  ...cases(
    "notification centre",
    [
      ["no filter", {}],
      ["unread", { show: "unread" }],
      ["kind", { kind: "refundApproved" }],
    ],
    () => ({ cursor: uuidCursor() }),
    (q) => pageNotifications(randomUUID(), presetOf("manager"), EN, inboxQuerySchema.parse(q)),
  ),
  // Fifty users: read whole, sorted, by design (not one of the big tables; shown in the report).
  ...[{}, { q: "jane" }, { role: "ops", status: "active" }].map((q) => ({
    list: "users",
    name: JSON.stringify(q),
    call: () => listUsers(userListQuerySchema.parse(q)),
  })),
];

let p: Planner;
beforeAll(async () => {
  p = await planner(process.env.DATABASE_URL!, { own: process.env.PLANS_PLANNER === "own" });
});
afterAll(() => p.end());

describe("every list's plans", () => {
  for (const c of LISTS) it(`${c.list}: ${c.name}`, () => checkPlans(p, c));
});
