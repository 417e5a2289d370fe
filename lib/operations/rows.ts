import "server-only";
import type { Sql } from "@/lib/platform/db";
import type { Operation, OperationStatus } from "@/lib/generated/prisma/client";

// The statements that write operations, on pg (ADR 0021): each answers the row as the schema's Operation.

type Fields = Partial<Omit<Operation, "id" | "createdAt" | "updatedAt">>;

/** A field's column: its snake_case (the schema's @map of every operations field; rows.test.ts holds it). */
export const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const given = (fields: Fields) => (Object.keys(fields) as (keyof Fields)[]).filter((f) => fields[f] !== undefined);

/** A row as pg answers it (snake_case columns, int8 as text) as the schema's Operation. */
export function operationOf(row: Record<string, unknown>): Operation {
  const op = Object.fromEntries(Object.entries(row).map(([column, v]) => [camel(column), v]));
  return { ...op, amount: BigInt(row.amount as string) } as Operation;
}

const one = (rows: Record<string, unknown>[]) => (rows[0] ? operationOf(rows[0]) : null);

export async function insertOperation(sql: Sql, fields: Fields): Promise<Operation> {
  const keys = given(fields);
  const { rows } = await sql.query(
    `INSERT INTO operations (id, ${keys.map(snake).join(", ")}, created_at, updated_at)
     VALUES (gen_random_uuid(), ${keys.map((_, i) => `$${i + 1}`).join(", ")}, clock_timestamp(), now()) RETURNING *`,
    keys.map((k) => fields[k]),
  );
  return operationOf(rows[0]);
}

/** Sets `fields` of an operation, where its status is one of `from` when given; null when no row matched. */
export async function updateOperation(
  sql: Sql,
  id: string,
  fields: Fields,
  from?: OperationStatus[],
): Promise<Operation | null> {
  const keys = given(fields);
  const values: unknown[] = [id, ...keys.map((k) => fields[k])];
  if (from) values.push(from);
  const { rows } = await sql.query(
    `UPDATE operations SET ${[...keys.map((k, i) => `${snake(k)} = $${i + 2}`), "updated_at = now()"].join(", ")}
      WHERE id = $1::uuid${from ? ` AND status = ANY($${values.length}::"OperationStatus"[])` : ""} RETURNING *`,
    values,
  );
  return one(rows);
}

export async function setOperation(sql: Sql, id: string, fields: Fields): Promise<Operation> {
  const op = await updateOperation(sql, id, fields);
  if (!op) throw new Error(`No operation ${id} to update`);
  return op;
}

/** One more send (attempts) or inquiry (checks) of an operation. */
export async function countTry(sql: Sql, id: string, what: "attempts" | "checks"): Promise<Operation | null> {
  const sent = what === "attempts" ? ", last_attempt_at = now()" : "";
  const { rows } = await sql.query(
    `UPDATE operations SET ${what} = ${what} + 1${sent}, updated_at = now() WHERE id = $1::uuid RETURNING *`,
    [id],
  );
  return one(rows);
}

/** The operation, locked for the rest of the caller's transaction. */
export async function lockOperation(sql: Sql, id: string): Promise<Operation | null> {
  return one((await sql.query("SELECT * FROM operations WHERE id = $1::uuid FOR UPDATE", [id])).rows);
}
