// bench:scale's other read figures (issue 36): fragment search, the list's count and
// per-currency totals (GET /api/transactions/summary), home, reports, the chargeback summary
// and a customer with 10,000 charges — each beside the naive SQL over the same rows.
import type pg from "pg";
import type { ScaleContext, ScaleRow } from "./context";
import { get, guarded, type Role, samples, show, timed, timedWithLimits } from "./timing";
import { WHALE } from "./seed-ledger";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The summary's filter as the API reads it and as SQL. */
function summaryCases(): [string, string][] {
  const [from, to] = [day(-30), day(-1)];
  const range = `time_created >= '${from}' AND time_created < '${day(0)}'`;
  return [
    ["", "TRUE"],
    ["status=succeeded", "status = 'succeeded'"],
    ["type=refund", "type = 'refund'"],
    ["method=card", "method = 'card'"],
    ["currency=EUR", "currency = 'EUR'"],
    ["country=DE", "country = 'DE'"],
    [`from=${from}&to=${to}`, range],
    [
      "status=succeeded,authorized&type=charge&currency=USD",
      "status IN ('succeeded','authorized') AND type = 'charge' AND currency = 'USD'",
    ],
    [
      `status=succeeded&type=charge&method=alipay&currency=CNY&country=CN&from=${from}&to=${to}`,
      `status = 'succeeded' AND type = 'charge' AND method = 'alipay' AND currency = 'CNY' AND country = 'CN' AND ${range}`,
    ],
  ];
}

type Summary = { count: number | null; more: boolean; slow?: boolean };

async function summaryRows(ctx: ScaleContext, c: pg.Client): Promise<ScaleRow[]> {
  const out: ScaleRow[] = [];
  for (const [query, where] of summaryCases()) {
    const path = `/api/transactions/summary${query ? `?${query}` : ""}`;
    const t = await timedWithLimits(ctx, () => get(ctx, "finance", path), Math.min(100, samples.api));
    const s = JSON.parse(await get(ctx, "finance", path, true)) as Summary;
    const naive = `SELECT currency, count(*), sum(amount) FROM ledger_transactions WHERE ${where} GROUP BY currency`;
    const truth = (await c.query(naive)).rows.reduce((n: number, r: { count: string }) => n + Number(r.count), 0);
    const b = await timed(() => c.query(naive), Math.min(5, samples.base), 1);
    const exact = s.more === false && s.count === truth;
    const met = exact && t.p50 <= 50;
    out.push({
      figure: "count + per-currency totals",
      case: query || "no filter",
      result: `${show(t)}; count ${s.count ?? "none"}${s.slow ? " (slow)" : s.more ? " (more: capped)" : ""} vs ${truth.toLocaleString("en")} ${exact ? "exact" : "NOT exact"}`,
      baseline: `GROUP BY currency: ${show(b)}`,
      goal: "p50 ≤ 50 ms, exact",
      met,
      note: met
        ? undefined
        : exact
          ? t.limits
          : s.slow
            ? "gave way at 500 ms (slow: true): counted and summed from the rows, no kept totals for this filter"
            : s.more
              ? "capped at 10,000 rows (more: true): counted from the rows, no kept totals for this filter"
              : `count differs from the rows' (${s.count} vs ${truth})`,
    });
    ctx.log(`summary ${query || "no filter"}: ${show(t)} exact=${exact}`);
  }
  const q = "/api/transactions/summary?q=khan";
  const t = await timedWithLimits(ctx, () => get(ctx, "finance", q), Math.min(50, samples.api), 3);
  const s = JSON.parse(await get(ctx, "finance", q, true)) as Summary & { estimate?: boolean };
  const like = "'%khan%'";
  const naive = `SELECT currency, count(*), sum(amount) FROM ledger_transactions WHERE id = 'khan' OR reference ILIKE ${like}
    OR consumer_reference ILIKE ${like} OR customer_email ILIKE ${like} GROUP BY currency`;
  const b = await timed(() => c.query(naive), Math.min(3, samples.base), 1);
  const truth = (await c.query(naive)).rows.reduce((n: number, r: { count: string }) => n + Number(r.count), 0);
  const met = t.p50 <= 500 && s.count !== null;
  out.push({
    figure: "count of a free-text search",
    case: "q=khan",
    result: `${show(t)}; count ${s.estimate ? "about " : ""}${s.count ?? "none"}${s.estimate ? " (the planner's estimate)" : " exact"} vs ${truth.toLocaleString("en")}`,
    baseline: `COUNT(*) and SUM over the ILIKEs: ${show(b)}`,
    goal: "p50 ≤ 500 ms (may be about)",
    met,
    note: met ? undefined : t.limits,
  });
  return out;
}

async function searchRows(ctx: ScaleContext, c: pg.Client): Promise<ScaleRow[]> {
  const { rows } = await c.query(
    `SELECT reference, consumer_reference, customer_email, card_last4, amount FROM ledger_transactions
     WHERE method = 'card' AND currency = 'USD' AND type = 'charge' ORDER BY id OFFSET 1000 LIMIT 1`,
  );
  const r = rows[0] as {
    reference: string;
    consumer_reference: string;
    customer_email: string;
    card_last4: string;
    amount: string;
  };
  const cases: [string, string][] = [
    ["reference fragment", r.reference.slice(4, 10)],
    ["consumer reference", r.consumer_reference],
    ["part of an email", r.customer_email.split("@")[0]!.slice(-7)],
    ["last four", r.card_last4],
    ["amount", (Number(r.amount) / 100).toFixed(2)],
  ];
  const out: ScaleRow[] = [];
  for (const [name, q] of cases) {
    const path = `/api/transactions?q=${encodeURIComponent(q)}&limit=50`;
    const t = await timedWithLimits(ctx, () => get(ctx, "finance", path), Math.min(100, samples.api));
    const found = (JSON.parse(await get(ctx, "finance", path, true)) as { rows: unknown[] }).rows.length;
    const like = q.replace(/'/g, "''");
    const naive = `SELECT * FROM ledger_transactions WHERE reference ILIKE '%${like}%' OR consumer_reference ILIKE '%${like}%'
      OR customer_email ILIKE '%${like}%' ORDER BY time_created DESC LIMIT 50`;
    await c.query("SET enable_bitmapscan = off; SET enable_indexscan = off");
    const b = await timed(() => c.query(naive), 3, 1);
    await c.query("RESET enable_bitmapscan; RESET enable_indexscan");
    out.push({
      figure: "fragment search",
      case: `${name}: q=${q} (${found} rows)`,
      result: show(t),
      baseline: `seq scan ILIKE: ${show(b)}`,
      goal: "p50 ≤ 50 ms",
      met: t.p50 <= 50,
      note: t.p50 <= 50 ? undefined : t.limits,
    });
    ctx.log(`search ${name}: ${show(t)}`);
  }
  return out;
}

async function pageLike(
  ctx: ScaleContext,
  c: pg.Client,
  [figure, role, path, naive]: [string, Role, string, string],
): Promise<ScaleRow> {
  const t = await timedWithLimits(ctx, () => get(ctx, role, path), Math.min(50, samples.api), 5);
  const b = await timed(() => c.query(naive), Math.min(5, samples.base), 1);
  const met = t.p50 <= 100;
  ctx.log(`${figure} ${path}: ${show(t)}`);
  return {
    figure,
    case: `GET ${path}`,
    result: show(t),
    baseline: `${naive.split(" FROM ")[0]!.slice(0, 40)}…: ${show(b)}`,
    goal: "p50 ≤ 100 ms",
    met,
    note: met ? undefined : t.limits,
  };
}

export async function figures(ctx: ScaleContext, c: pg.Client, wants: (p: string) => boolean): Promise<ScaleRow[]> {
  const out: ScaleRow[] = [];
  if (wants("search")) out.push(...(await guarded("fragment search", () => searchRows(ctx, c), ctx.log)));
  if (wants("summary")) out.push(...(await guarded("count + totals", () => summaryRows(ctx, c), ctx.log)));
  const month = "time_created >= now() - interval '30 days'";
  const cases: [string, Role, string, string][] = [
    ["home", "finance", "/", `SELECT currency, sum(amount) FROM ledger_transactions WHERE ${month} GROUP BY currency`],
    [
      "reports",
      "finance",
      "/reports",
      `SELECT date_trunc('day', time_created), currency, sum(amount) FROM ledger_transactions WHERE ${month} GROUP BY 1, 2`,
    ],
    [
      "chargeback summary",
      "manager",
      "/api/chargebacks/summary",
      "SELECT status, currency, count(*), sum(amount) FROM chargebacks GROUP BY 1, 2",
    ],
  ];
  if (wants("home"))
    for (const k of cases) out.push(...(await guarded(k[0], async () => [await pageLike(ctx, c, k)], ctx.log)));
  if (wants("customer"))
    out.push(
      ...(await guarded(
        "customer",
        async () => [
          await pageLike(ctx, c, [
            `customer with ${WHALE.charges.toLocaleString("en")} charges`,
            "finance",
            `/customers/${WHALE.reference}`,
            `SELECT * FROM ledger_transactions WHERE consumer_reference = '${WHALE.reference}'`,
          ]),
        ],
        ctx.log,
      )),
    );
  return out;
}
