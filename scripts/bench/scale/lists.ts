// bench:scale's list figures (issue 36): every list API's first page and a page about halfway,
// with and without a filter, beside the naive answer on the same data (OFFSET paging plus
// COUNT(*)); then the same lists' server-rendered pages. The other figures: ./figures.ts.
import type pg from "pg";
import { cpus, loadavg } from "node:os";
import { encodeCursor } from "../../../lib/platform/api/keyset";
import type { ScaleContext, ScalePart, ScaleRow } from "./context";
import { get, guarded, planTop, type Role, samples, show, sql, timed, timedWithLimits } from "./timing";
import { figures } from "./figures";

type List = {
  name: string;
  role: Role;
  api: string;
  page: string;
  table: string;
  /** Newest first by (time, id), or by id alone for the lists paged with `before`. */
  order: [string, string] | [string];
  where?: string;
  filter: [query: string, where: string];
};

const LISTS: List[] = [
  {
    name: "transactions",
    role: "finance",
    api: "/api/transactions",
    page: "/transactions",
    table: "ledger_transactions",
    order: ["time_created", "id"],
    filter: ["status=succeeded&currency=USD", "status = 'succeeded' AND currency = 'USD'"],
  },
  {
    name: "operations",
    role: "finance",
    api: "/api/operations",
    page: "/operations",
    table: "operations",
    order: ["created_at", "id"],
    filter: ["status=failed", "status = 'failed'"],
  },
  {
    name: "approvals",
    role: "manager",
    api: "/api/approvals",
    page: "/approvals",
    table: "operations",
    order: ["created_at", "id"],
    where: "status = 'pending_approval'",
    filter: ["currency=USD", "currency = 'USD'"],
  },
  {
    name: "chargebacks",
    role: "manager",
    api: "/api/chargebacks",
    page: "/chargebacks",
    table: "chargebacks",
    order: ["opened_at", "id"],
    filter: ["status=Won", "status = 'Won'"],
  },
  {
    name: "customs",
    role: "ops",
    api: "/api/customs/declarations",
    page: "/customs",
    table: "customs_declarations",
    order: ["created_at", "id"],
    filter: [
      "state=failed",
      "EXISTS (SELECT 1 FROM customs_sub_orders s WHERE s.declaration_id = customs_declarations.id AND s.state = 'failed')",
    ],
  },
  {
    name: "inbox",
    role: "manager",
    api: "/api/webhooks",
    page: "/webhooks",
    table: "webhook_notifications",
    order: ["id"],
    filter: ["type=refund", "transaction_type = 'refund'"],
  },
  {
    name: "audit",
    role: "manager",
    api: "/api/audit",
    page: "/audit",
    table: "audit_log",
    order: ["id"],
    filter: ["action=transaction.refund", "action LIKE 'transaction.refund%'"],
  },
  {
    name: "vault",
    role: "finance",
    api: "/api/vault",
    page: "/vault",
    table: "vault_tokens",
    order: ["created_at", "token"],
    filter: ["status=active", "status = 'active'"],
  },
  {
    name: "links",
    role: "finance",
    api: "/api/payment-links",
    page: "/payment-links",
    table: "payment_links",
    order: ["created_at", "id"],
    filter: ["status=expired", "status = 'expired'"],
  },
  {
    name: "users",
    role: "admin",
    api: "/api/users",
    page: "/users",
    table: "users",
    order: ["created_at", "id"],
    filter: ["role=finance", "role = 'finance'"],
  },
];

const GOAL = "p50 ≤ 20 ms, p99 ≤ 100 ms";
const and = (...w: (string | undefined)[]) => w.filter(Boolean).join(" AND ") || "TRUE";

/** The query parameter that continues the list from the row at the middle of the filtered set. */
async function halfway(c: pg.Client, l: List, where: string): Promise<{ param: string; keyset: string }> {
  const order = l.order.map((o) => `${o} DESC`).join(", ");
  const { rows } = await c.query(
    `SELECT ${l.order.join(", ")} FROM ${l.table} WHERE ${where} ORDER BY ${order}
     OFFSET (SELECT count(*) / 2 FROM ${l.table} WHERE ${where}) LIMIT 1`,
  );
  const r = rows[0] as Record<string, unknown>;
  if (l.order.length === 1) return { param: `before=${r.id}`, keyset: `id < ${r.id}` };
  const [t, id] = [r[l.order[0]] as Date, String(r[l.order[1]!])];
  return {
    param: `cursor=${encodeCursor(t.toISOString(), id)}`,
    keyset: `(${l.order.join(", ")}) < ('${t.toISOString()}', '${id}')`,
  };
}

async function listRows(ctx: ScaleContext, c: pg.Client): Promise<ScaleRow[]> {
  const out: ScaleRow[] = [];
  for (const l of LISTS) {
    for (const filtered of [false, true]) {
      const where = and(l.where, filtered ? l.filter[1] : undefined);
      const query = filtered ? l.filter[0] : "";
      const count = Number((await c.query(`SELECT count(*) AS n FROM ${l.table} WHERE ${where}`)).rows[0].n);
      const depths: ["first page" | "halfway", string, string, number][] = [["first page", "", "TRUE", 0]];
      if (l.name !== "users" && count > 100) {
        const h = await halfway(c, l, where);
        depths.push(["halfway", h.param, h.keyset, Math.floor(count / 2)]);
      }
      for (const [depth, param, keyset, offset] of depths) {
        const qs = [query, param, "limit=50"].filter(Boolean).join("&");
        const path = `${l.api}?${qs}`;
        const t = await timedWithLimits(ctx, () => get(ctx, l.role, path), samples.api);
        const order = l.order.map((o) => `${o} DESC`).join(", ");
        const naive = `SELECT * FROM ${l.table} WHERE ${where} ORDER BY ${order} OFFSET ${offset} LIMIT 50`;
        const naiveCount = `SELECT count(*) FROM ${l.table} WHERE ${where}`;
        const b = await timed(() => c.query(naive).then(() => c.query(naiveCount)), samples.base, 1);
        const met = t.p50 <= 20 && t.p99 <= 100;
        const keysetSql = `SELECT * FROM ${l.table} WHERE ${and(where, keyset)} ORDER BY ${order} LIMIT 51`;
        out.push({
          figure: "list API",
          case: `${l.name}, ${depth}${filtered ? `, ${query}` : ""} (${count.toLocaleString("en")} rows)`,
          result: show(t),
          baseline: `OFFSET + COUNT(*): ${show(b)}`,
          goal: GOAL,
          met,
          note: met ? undefined : `${t.limits}; the keyset SQL alone: ${await planTop(c, keysetSql)}`,
        });
        ctx.log(`list ${l.name} ${depth}${filtered ? " filtered" : ""}: ${show(t)}`);
      }
    }
  }
  return out;
}

/**
 * Each list page over the empty database, before seeding: what rendering it costs with no
 * data to read, so a page row can say how much of its time is the render and how much the data.
 */
export async function pageFloor(ctx: ScaleContext): Promise<Record<string, string>> {
  const floor: Record<string, string> = {};
  for (const l of LISTS) floor[l.page] = show(await timed(() => get(ctx, l.role, l.page), 20, 5));
  return floor;
}

/** The server-rendered pages, beside the naive app's SQL for the same first page (its rendering not counted). */
async function pageRows(ctx: ScaleContext, c: pg.Client): Promise<ScaleRow[]> {
  const out: ScaleRow[] = [];
  for (const l of LISTS) {
    const t = await timedWithLimits(ctx, () => get(ctx, l.role, l.page), Math.min(50, samples.api), 5);
    const where = and(l.where);
    const order = l.order.map((o) => `${o} DESC`).join(", ");
    const naive = `SELECT * FROM ${l.table} WHERE ${where} ORDER BY ${order} OFFSET 0 LIMIT 50`;
    const b = await timed(
      () => c.query(naive).then(() => c.query(`SELECT count(*) FROM ${l.table} WHERE ${where}`)),
      samples.base,
      1,
    );
    const met = t.p50 <= 100;
    out.push({
      figure: "list page (HTML)",
      case: l.page,
      result: show(t),
      baseline: `its SQL alone, OFFSET + COUNT(*): ${show(b)}`,
      goal: "p50 ≤ 100 ms",
      met,
      note: met
        ? undefined
        : `${t.limits} (load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)${ctx.pageFloor?.[l.page] ? `; the same page over the empty database, before seeding: ${ctx.pageFloor[l.page]}` : ""}`,
    });
    ctx.log(`page ${l.page}: ${show(t)}`);
  }
  return out;
}

/** PARTS: lists, pages, search, summary, home, customer (all of them when unset). */
export const run: ScalePart = async (ctx) => {
  const parts = (process.env.PARTS ?? "").split(",").filter(Boolean);
  const wants = (p: string) => parts.length === 0 || parts.includes(p);
  const c = await sql(ctx);
  try {
    const rows: ScaleRow[] = [];
    if (wants("lists")) rows.push(...(await guarded("list API", () => listRows(ctx, c), ctx.log)));
    if (wants("pages")) rows.push(...(await guarded("list page (HTML)", () => pageRows(ctx, c), ctx.log)));
    rows.push(...(await figures(ctx, c, wants)));
    return rows;
  } finally {
    await c.end();
  }
};
