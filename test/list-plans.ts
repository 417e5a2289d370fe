import { expect } from "vitest";
import {
  type planner,
  readsOf,
  scansOf,
  seqScansOf,
  sortedWalksOf,
  unboundedWalksOf,
  unindexedOf,
} from "@/test/query-plans";

// The shared part of the list-plan tests (scripts/list-plans*.test.ts, issue 36): each case is one list
// request as its route makes it; every SELECT it sends is explained with sequential scans
// disabled and must not read a big table whole. PLANS_REPORT=1 prints one row per case; on a
// database seeded at scale, PLANS_PLANNER=own checks the planner's own choices instead:
//   DATABASE_URL=<seeded> PLANS_PLANNER=own PLANS_REPORT=1 npx vitest run scripts/list-plans

/** The tables that grow with the merchant (issue 36's ten million rows and their neighbours). */
export const BIG_TABLES: ReadonlySet<string> = new Set([
  "ledger_transactions",
  "webhook_notifications",
  "audit_log",
  "chargebacks",
  "chargeback_events",
  "customs_declarations",
  "customs_sub_orders",
  "payment_links",
  "vault_tokens",
  "operations",
  "refund_batches",
  "refund_batch_rows",
  "notification_deliveries",
  "notification_events",
]);

export type PlanCase = {
  list: string;
  name: string;
  call: () => Promise<unknown>;
  /**
   * A search (an id, a reference, a fragment): also planned with plain index scans disabled, so
   * its own conditions must reach its rows through indexes — not an index walked in the list's
   * order testing each of ten million rows for a rare match. Checked on the statements that
   * carry it (the page's other reads, such as the vault's brands, have nothing to search by).
   */
  search?: string;
  /** A page past the first (a cursor): its read must start at the cursor, not walk down to it. */
  deep?: boolean;
};

export type Planner = Awaited<ReturnType<typeof planner>>;

/** Runs a case and checks each of its reads' plans; returns the big tables' scans, for the report. */
export async function checkPlans(p: Planner, c: PlanCase): Promise<string[]> {
  const reads = await readsOf(c.call);
  expect(reads.length, `${c.list} ${c.name}: no statement recorded`).toBeGreaterThan(0);
  const scans: string[] = [];
  const problems: string[] = [];
  let ms = 0;
  for (const s of reads) {
    const plan = await p.plan(s);
    ms += plan.ms ?? 0;
    scans.push(...scansOf(plan, BIG_TABLES));
    for (const t of seqScansOf(plan, BIG_TABLES)) problems.push(`Seq Scan on ${t} in: ${s.text}`);
    // On a page's own read (ORDER BY … LIMIT) only: an ordered index always beats a walk and a
    // sort there, whatever the row count; the totals beside a page may be planned either way at
    // a test's few rows.
    // Planned again with sorts disabled, so the check does not hang on the table's statistics
    // (a few matching rows make a sort the cheaper plan even where an index gives the order).
    if (/ORDER BY[\s\S]*LIMIT/i.test(s.text) && sortedWalksOf(plan, BIG_TABLES).length)
      for (const w of sortedWalksOf(await p.plan(s, { noSort: true }), BIG_TABLES)) problems.push(`${w} in: ${s.text}`);
    // A page's read with a cursor must bound its index scan by it: a walk from the first row of
    // the index, filtering down to the cursor, costs what OFFSET does (halfway through 100,000
    // operations it took 57 ms, the keyset condition being an OR no index could start at).
    if (c.deep && /ORDER BY[\s\S]*LIMIT/i.test(s.text))
      for (const w of unboundedWalksOf(plan, BIG_TABLES)) problems.push(`${w} in: ${s.text}`);
    if (c.search && s.values.some((v) => typeof v === "string" && v.includes(c.search!)))
      for (const t of unindexedOf(await p.plan(s, { bitmapOnly: true }), BIG_TABLES))
        problems.push(`search not served by indexes: ${t}`);
  }
  if (process.env.PLANS_REPORT) {
    const time = ms ? ` ${ms.toFixed(1)} ms |` : "";
    console.log(`| ${c.list} | ${c.name} | ${[...new Set(scans)].join("; ")} |${time}`);
  }
  expect(problems, `${c.list} ${c.name}`).toEqual([]);
  return scans;
}
