import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, it } from "vitest";
import { db } from "@/lib/platform/db";
import { encodeCursor } from "@/lib/platform/api/keyset";
import { listTransactions } from "@/lib/ledger/query";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { customerExists, getCustomer, referencesForEmail } from "@/lib/customers/view";
import { ledgerRow } from "@/test/factories";
import { planner } from "@/test/query-plans";
import { checkPlans, type PlanCase, type Planner } from "@/test/list-plans";
import { presetOf } from "@/test/staff";

// The transactions list (GET /api/transactions, lib/ledger/query.ts) and a customer's page
// (GET /api/customers/…, lib/customers/view.ts) read ledger_transactions, ten million rows at a
// large merchant's scale (issue 36): every filter the API takes, with each sort, direction and
// a cursor, must be served by an index — no Seq Scan with sequential scans disabled.

const FILTERS: [string, Record<string, string>][] = [
  ["no filter", {}],
  ["q fragment", { q: "order-123" }],
  ["q short", { q: "ab" }],
  ["q last four", { q: "4242" }],
  ["q amount", { q: "12.50" }],
  ["q id", { q: "row-7f1c2d3e" }],
  ["q with status", { q: "order-123", status: "succeeded" }],
  ["status", { status: "succeeded" }],
  ["two statuses", { status: "pending,authorized" }],
  ["type", { type: "refund" }],
  ["method", { method: "alipay" }],
  ["currency", { currency: "EUR" }],
  ["country", { country: "DE" }],
  ["from", { from: "2026-01-01" }],
  ["from–to", { from: "2026-01-01", to: "2026-01-31" }],
  ["amountMin", { amountMin: "100" }],
  ["amountMin–amountMax", { amountMin: "100", amountMax: "5000" }],
  ["status+currency+days", { status: "succeeded", currency: "EUR", from: "2026-01-01", to: "2026-01-31" }],
  ["type+method+country", { type: "charge", method: "alipay", country: "DE" }],
  ["customer", { customer: "cust-338797" }],
  ["customer+type+days", { customer: "cust-338797", type: "charge", from: "2026-01-01", to: "2026-01-31" }],
];
const ORDERS = [
  ["time", "desc"],
  ["time", "asc"],
  ["amount", "desc"],
  ["amount", "asc"],
] as const;

function transactionCases(): PlanCase[] {
  const cases: PlanCase[] = [];
  for (const [name, filter] of FILTERS)
    for (const [sort, dir] of ORDERS)
      for (const deep of [false, true]) {
        const cursor = deep
          ? encodeCursor(sort === "amount" ? "1250" : "2026-01-15T10:00:00.000Z", `row-${randomUUID()}`)
          : undefined;
        const query = transactionFilterSchema.parse({ ...filter, sort, dir, ...(cursor ? { cursor } : {}) });
        cases.push({
          list: "transactions",
          name: `${name}, ${sort} ${dir}${deep ? ", cursor" : ""}`,
          call: () => listTransactions({ ...query, timeZone: "Europe/Berlin" }),
          search: filter.q,
          deep,
        });
      }
  return cases;
}

const CUSTOMER = `cust-plans-${randomUUID().slice(0, 8)}`;
let p: Planner;
let written: string[] = [];
beforeAll(async () => {
  p = await planner(process.env.DATABASE_URL!, { own: process.env.PLANS_PLANNER === "own" });
  // A customer's charges and a refund of one, so the page's second round (refunds, chargebacks,
  // cards, declarations of those charges) runs too.
  const charges = [1, 2, 3].map(() => ledgerRow({ consumerReference: CUSTOMER, reference: `ref-${randomUUID()}` }));
  const rows = [...charges, ledgerRow({ type: "refund", parentId: charges[0]!.id })];
  written = rows.map((r) => r.id);
  await db.ledgerTransaction.createMany({ data: rows });
  await db.vaultToken.create({
    data: {
      token: `tok-${randomUUID()}`,
      consumerReference: CUSTOMER,
      consumerEmail: "plans@example.com",
      status: "active",
      source: "list",
    },
  });
});
afterAll(async () => {
  await p.end();
  await db.vaultToken.deleteMany({ where: { consumerReference: CUSTOMER } });
  await db.ledgerTransaction.deleteMany({ where: { id: { in: written } } });
});

describe("the transactions list's plans", () => {
  for (const c of transactionCases()) it(c.name, () => checkPlans(p, c));
});

describe("a customer's page's plans", () => {
  const cases: PlanCase[] = [
    { list: "customer", name: "page (admin)", call: () => getCustomer(CUSTOMER, presetOf("admin")) },
    // The layout's probe reads one row: it must start at the customer's rows in an index, never
    // walk one hoping to meet them (a LIMIT 1 walked the primary key for 4.3 s at ten million).
    { list: "customer", name: "exists (layout)", call: () => customerExists(CUSTOMER, presetOf("admin")), deep: true },
    { list: "customer", name: "references for an email", call: () => referencesForEmail("Plans@Example.com") },
  ];
  for (const c of cases) it(c.name, () => checkPlans(p, c));
});
