import "server-only";
import { pool } from "@/lib/platform/db";
import { minorToNumber } from "@/lib/platform/money";
import { dayBounds, type InZone } from "@/lib/platform/api/list-params";
import { decodeCursor, encodeCursor, type TransactionFilter } from "./filters";
import { searchCondition } from "./search";

export type LedgerRow = {
  id: string;
  type: string;
  reference: string | null;
  parent_id: string | null;
  method: string | null;
  status: string;
  amount: string;
  amount_captured: string | null;
  amount_refunded: string | null;
  currency: string;
  country: string | null;
  cny_amount: string | null;
  payment_type: string | null;
  pan_masked: string | null;
  consumer_reference: string | null;
  customer_email: string | null;
  card_last4: string | null;
  time_created: Date;
};

const COLUMNS = `id, type, reference, parent_id, method, status, amount::text, amount_captured::text, amount_refunded::text,
  currency, country, cny_amount::text, payment_type, pan_masked, consumer_reference, customer_email, card_last4, time_created`;

/** WHERE clause and parameters for a filter (no cursor). */
export function whereFor(f: InZone<TransactionFilter>, { sums = false } = {}): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.q) clauses.push(searchCondition(f.q, p));
  if (f.customer) {
    const c = p(f.customer);
    // An aggregate must not use the trigram index for an equality: only the btree serves a one-value range.
    clauses.push(sums ? `consumer_reference >= ${c} AND consumer_reference <= ${c}` : `consumer_reference = ${c}`);
  }
  if (f.status?.length) clauses.push(`status = ANY(${p(f.status)}::text[])`);
  if (f.type?.length) clauses.push(`type = ANY(${p(f.type)}::"TransactionType"[])`);
  if (f.method) clauses.push(`method = ${p(f.method)}`);
  if (f.currency) clauses.push(`currency = ${p(f.currency)}`);
  if (f.country) clauses.push(`country = ${p(f.country)}`);
  const days = dayBounds(f);
  if (days.gte) clauses.push(`time_created >= ${p(days.gte)}::timestamptz`);
  if (days.lt) clauses.push(`time_created < ${p(days.lt)}::timestamptz`);
  if (f.amountMin !== undefined) clauses.push(`amount >= ${p(f.amountMin)}`);
  if (f.amountMax !== undefined) clauses.push(`amount <= ${p(f.amountMax)}`);
  return { sql: clauses.length ? clauses.join(" AND ") : "TRUE", params };
}

/** One page, keyset-paginated on (sort value, id): the cost does not grow with depth and no COUNT runs. */
export async function listTransactions(f: InZone<TransactionFilter>) {
  const { sql, params } = whereFor(f);
  // Qualified: the select list casts amount to text under the same name; unqualified, ORDER BY would sort text.
  const column = f.sort === "amount" ? "t.amount" : "t.time_created";
  const op = f.dir === "asc" ? ">" : "<";
  const order = f.dir === "asc" ? "ASC" : "DESC";
  let where = sql;
  const cursor = decodeCursor(f.cursor, f.sort);
  if (cursor) {
    params.push(cursor[0], cursor[1]);
    const cast = f.sort === "amount" ? "::bigint" : "::timestamptz";
    where += ` AND (${column}, t.id) ${op} ($${params.length - 1}${cast}, $${params.length})`;
  }
  params.push(f.limit + 1);
  const { rows } = await pool.query<LedgerRow>(
    `SELECT ${COLUMNS} FROM ledger_transactions t WHERE ${where} ORDER BY ${column} ${order}, t.id ${order} LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, f.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > f.limit && last
      ? encodeCursor(f.sort === "amount" ? last.amount : last.time_created.toISOString(), last.id)
      : null;
  return { rows: page.map(toJson), nextCursor };
}

export function toJson(r: LedgerRow) {
  const n = minorToNumber;
  return {
    id: r.id,
    type: r.type,
    reference: r.reference,
    parentId: r.parent_id,
    method: r.method,
    status: r.status,
    amount: Number(r.amount),
    amountCaptured: n(r.amount_captured),
    amountRefunded: n(r.amount_refunded),
    currency: r.currency,
    country: r.country,
    cnyAmount: n(r.cny_amount),
    paymentType: r.payment_type,
    panMasked: r.pan_masked,
    consumerReference: r.consumer_reference,
    customerEmail: r.customer_email,
    cardLast4: r.card_last4,
    timeCreated: r.time_created.toISOString(),
  };
}
export type LedgerListItem = ReturnType<typeof toJson>;
