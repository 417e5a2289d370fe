import pg from "pg";

// The plans of what a list request asks PostgreSQL (issue 36: no sequential scan on any list
// request at ten million rows). Every statement a call sends through `pg` — the pool's raw
// queries and Prisma's, whose adapter uses the same pool — is recorded, then each SELECT is
// explained with its own parameters on a session with `enable_seqscan = off`: at a test's few
// rows the planner would read a table whole because it is small, but with sequential scans
// disabled it does so only when no index can serve the statement. Deterministic: no timing,
// no statistics counters, the same plan on every run.

export type Statement = { text: string; values: unknown[] };
export type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Recheck Cond"?: string;
  Filter?: string;
  "Scan Direction"?: string;
  Plans?: PlanNode[];
  /** The statement's execution time (EXPLAIN ANALYZE, planner `own` only). */
  ms?: number;
};

let sink: Statement[] | null = null;
type Query = (...args: unknown[]) => unknown;
const proto = pg.Client.prototype as unknown as { query: Query; __planned?: boolean };
if (!proto.__planned) {
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
    if (sink) {
      if (typeof first === "string") sink.push({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof (first as { text?: unknown }).text === "string") {
        const q = first as { text: string; values?: unknown[] };
        sink.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []) });
      }
    }
    return original.apply(this, args);
  };
  proto.__planned = true;
}

/** The reads `call` sent to PostgreSQL (its writes and transaction statements left out). */
export async function readsOf(call: () => Promise<unknown>): Promise<Statement[]> {
  const mine: Statement[] = [];
  sink = mine;
  try {
    await call();
  } finally {
    sink = null;
  }
  return mine.filter((s) => /^\s*(\(\s*)?(SELECT|WITH)\b/i.test(s.text));
}

/**
 * A session that explains statements with sequential scans disabled — or, with `own` (for a
 * database seeded at scale, where the planner's own choice is the one to check), as they are.
 */
export async function planner(url: string, { own = false } = {}) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (!own) await client.query("SET enable_seqscan = off");
  return {
    /**
     * The plan with sequential scans disabled; `bitmapOnly` disables plain index scans too, so
     * the statement's own conditions must find its rows through indexes (a bitmap OR of them for
     * a search) — an index walked in the list's order, testing each row, does not count.
     * `noSort` disables sorts: a Sort left in that plan is one no index can spare.
     */
    async plan(s: Statement, { bitmapOnly = false, noSort = false } = {}): Promise<PlanNode> {
      const scans = bitmapOnly ? "off" : "on";
      await client.query(`SET enable_indexscan = ${scans}`);
      await client.query(`SET enable_indexonlyscan = ${scans}`);
      await client.query(`SET enable_sort = ${noSort ? "off" : "on"}`);
      // At scale the statement is run too (reads only), for its time beside its plan.
      const options = own && !bitmapOnly ? "ANALYZE, BUFFERS, FORMAT JSON" : "FORMAT JSON";
      const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time"?: number }] }>({
        text: `EXPLAIN (${options}) ${s.text}`,
        values: s.values,
      });
      const [explained] = rows[0]!["QUERY PLAN"];
      return { ...explained.Plan, ms: explained["Execution Time"] };
    },
    end: () => client.end(),
  };
}

/** Every node of a plan, its sub-plans and init plans included. */
export function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

const SCANS = /Scan$/;

/** The scans of the named tables, as a report reads them ("Index Scan Backward using x"). */
export function scansOf(plan: PlanNode, tables: ReadonlySet<string>): string[] {
  return nodesOf(plan)
    .filter((n) => SCANS.test(n["Node Type"]) && n["Relation Name"] && tables.has(n["Relation Name"]))
    .map((n) => {
      const backward = n["Scan Direction"] === "Backward" ? " Backward" : "";
      const index = n["Index Name"] ? ` using ${n["Index Name"]}` : ` on ${n["Relation Name"]}`;
      const filter = n.Filter ? " + Filter" : "";
      return `${n["Node Type"]}${backward}${index}${filter}`;
    });
}

/** Sequential scans of the named tables: none may appear in a list request's plan. */
export function seqScansOf(plan: PlanNode, tables: ReadonlySet<string>): string[] {
  return nodesOf(plan)
    .filter((n) => n["Node Type"] === "Seq Scan" && tables.has(n["Relation Name"] ?? ""))
    .map((n) => n["Relation Name"]!);
}

/**
 * With plain index scans disabled too (`bitmapOnly`), the scans of the named tables that are
 * not bitmap scans: PostgreSQL still takes a disabled path when it has no other, so each one is
 * a table the statement's own conditions could not reach through an index.
 */
export function unindexedOf(plan: PlanNode, tables: ReadonlySet<string>): string[] {
  return nodesOf(plan)
    .filter((n) => /^(Seq|Index|Index Only) Scan$/.test(n["Node Type"]) && tables.has(n["Relation Name"] ?? ""))
    .map((n) => `${n["Node Type"]} on ${n["Relation Name"]}${n.Filter ? ` (Filter: ${n.Filter})` : ""}`);
}

/**
 * A Sort over a whole index of a named table (an index scan with no Index Cond): no index gives
 * the list's order and nothing narrows the rows, so at ten million rows every one is read and
 * sorted for a page — a sequential scan in all but name.
 */
export function sortedWalksOf(plan: PlanNode, tables: ReadonlySet<string>): string[] {
  // Under a join the walk may be a merge join's input, a choice a few rows allow: only a sort
  // straight over one table's scan means no index gives the order.
  const below = (n: PlanNode): PlanNode[] =>
    /Join|Nested Loop/.test(n["Node Type"]) ? [] : [n, ...(n.Plans ?? []).flatMap(below)];
  const walks = (n: PlanNode): PlanNode[] =>
    below(n).filter(
      (m) => /^Index (Only )?Scan$/.test(m["Node Type"]) && tables.has(m["Relation Name"] ?? "") && !m["Index Cond"],
    );
  return nodesOf(plan)
    .filter((n) => n["Node Type"] === "Sort")
    .flatMap(walks)
    .map((n) => `Sort over ${n["Node Type"]} using ${n["Index Name"]}`);
}

/**
 * Index scans of the named tables with no Index Cond: a page read that walks its index from the
 * first entry, testing each row against the cursor in a Filter, where it should start at it.
 */
export function unboundedWalksOf(plan: PlanNode, tables: ReadonlySet<string>): string[] {
  return nodesOf(plan)
    .filter(
      (n) => /^Index (Only )?Scan$/.test(n["Node Type"]) && tables.has(n["Relation Name"] ?? "") && !n["Index Cond"],
    )
    .map((n) => `Index walk from the start using ${n["Index Name"]} (Filter: ${n.Filter ?? "none"})`);
}
