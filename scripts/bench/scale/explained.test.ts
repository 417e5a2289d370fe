import { mkdtempSync, appendFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { entries, planLine, watch } from "./explained";

// bench:scale's "what limits it" reads auto_explain's entries from PostgreSQL's log, as the server
// writes them (continuation lines start with a tab; a query's own lines too). The values a
// statement ran with are not part of it: two cursors of one page read are one statement.
const LOG = `2026-11-28 10:44:19.595 UTC [26021] LOG:  checkpoint starting: time
2026-11-28 10:44:50.929 UTC [28360] LOG:  duration: 52.458 ms  plan:
\tQuery Text: SELECT count(*) FROM customs_sub_orders
\t  WHERE state = ANY($1)
\tQuery Parameters: $1 = '{failed}'
\tAggregate  (cost=1501.25..1501.26 rows=1 width=8)
\t  ->  Index Only Scan using customs_sub_orders_state_declaration_id_idx on customs_sub_orders  (cost=0.43..1500.00 rows=500 width=0)
\t        Index Cond: (state = ANY ($1))
2026-11-28 10:44:50.930 UTC [28360] LOG:  duration: 12.000 ms  plan:
\tQuery Text: SELECT 1
\tResult  (cost=0.00..0.01 rows=1 width=4)
2026-11-28 10:44:51.000 UTC [28360] LOG:  duration: 60.100 ms  plan:
\tQuery Text: SELECT count(*) FROM customs_sub_orders
\t  WHERE state = ANY($1)
\tQuery Parameters: $1 = '{unknown}'
\tAggregate  (cost=1501.25..1501.26 rows=1 width=8)
`;

describe("the slow statements of a bench figure", () => {
  it("reads each entry's duration, query and plan", () => {
    const got = entries(LOG);
    expect(got.map((e) => [e.ms, e.query])).toEqual([
      [52.458, "SELECT count(*) FROM customs_sub_orders WHERE state = ANY($1)"],
      [12, "SELECT 1"],
      [60.1, "SELECT count(*) FROM customs_sub_orders WHERE state = ANY($1)"],
    ]);
    expect(planLine(got[0]!.plan)).toBe(
      "Aggregate → Index Only Scan using customs_sub_orders_state_declaration_id_idx on customs_sub_orders → Index Cond: (state = ANY ($1))",
    );
  });

  it("names the statement that took the most time, from the lines written since the mark", () => {
    const file = join(mkdtempSync(join(tmpdir(), "explained-")), "log");
    writeFileSync(
      file,
      "2026-11-28 10:00:00.000 UTC [1] LOG:  duration: 900.000 ms  plan:\n\tQuery Text: SELECT old\n",
    );
    const w = watch(file);
    const many = watch(file);
    expect(w.limits(4)).toMatch(/^no statement of its took 10 ms or more/);
    appendFileSync(file, LOG);
    const said = w.limits(4);
    expect(said).toContain("4 requests");
    expect(said).toContain("2× p50 60.1 ms (28.1 ms a request) — SELECT count(*) FROM customs_sub_orders");
    // Once in four requests: the jobs beside them, not the request.
    expect(said).toContain("beside them, the jobs' statements of 10 ms or more: 1× SELECT 1…");
    expect(said).not.toContain("SELECT old");
    // Over a hundred requests none of these is in most of them: the request's own work.
    expect(many.limits(100)).toMatch(/^no statement of its took 10 ms or more in most requests/);
  });
});
