import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The boundaries issue 19 drew, kept: domain services under lib/ know nothing of HTTP (only
// lib/platform/api/ speaks the error contract), and route handlers take the request's actor from
// route() rather than reading the client themselves. And one idempotency habit in the browser
// (issue 49, item 6): every intent's key comes from useIntentKey, kept while an outcome is unknown.

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "generated") return [];
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * A write of a table in SQL (INSERT INTO, UPDATE, DELETE FROM, schema-qualified or quoted) or
 * through its Prisma model (any create, update, upsert or delete method, spaced or bracketed).
 */
const sqlWrite = (table: string) => `\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+("?\\w+"?\\.)?"?${table}"?\\b`;
const modelWrite = (model: string) =>
  `[.[]\\s*["']?${model}["']?\\s*\\]?\\s*\\.\\s*(create|update|upsert|delete)\\w*\\s*\\(`;
const writes = (table: string, model: string) => new RegExp(`${sqlWrite(table)}|${modelWrite(model)}`, "i");
const MONEY = [
  ["ledger_transactions", "ledgerTransaction"],
  ["ledger_events", "ledgerEvent"],
  ["operations", "operation"],
] as const;
/** Prisma's way of writing: a model's write, or raw SQL and transactions through the client. */
const throughPrisma = (text: string) =>
  MONEY.some(([, model]) => new RegExp(modelWrite(model), "i").test(text)) ||
  (MONEY.some(([table]) => new RegExp(sqlWrite(table), "i").test(text)) &&
    /\$(executeRaw|queryRaw)\w*|\$transaction/.test(text));

describe("boundaries", () => {
  it("no module under lib/ but lib/platform/api/ imports the HTTP error contract", () => {
    const offenders = files("lib").filter(
      (f) =>
        !f.startsWith("lib/platform/api/") &&
        /from ["']@\/lib\/platform\/api\/errors["']/.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("no route handler reads the client's address or agent itself", () => {
    const offenders = files("app/api").filter((f) =>
      /clientInfo|x-forwarded-for|x-real-ip|user-agent/i.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("no page or component makes an Idempotency-Key but components/form/use-intent.ts", () => {
    const offenders = [...files("app"), ...files("components")].filter(
      (f) => f !== join("components", "form", "use-intent.ts") && /randomUUID/.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("a server tells the admins of a failed token renewal: its start installs the teller (lib/upi stands below the notifications)", () => {
    expect(readFileSync("instrumentation.ts", "utf8")).toMatch(/tellRenewalFailuresTo\(tellRenewalFailed\)/);
  });

  it("the table checks catch a write however it is spelled", () => {
    for (const text of [
      "UPDATE public.ledger_transactions SET status = 1",
      'insert into "ledger_transactions" (id) values (1)',
      "DELETE FROM ledger_transactions",
      "tx.ledgerTransaction\n  .updateManyAndReturn({})",
      'tx["ledgerTransaction"].create({})',
    ])
      expect(writes("ledger_transactions", "ledgerTransaction").test(text), text).toBe(true);
    expect(writes("ledger_transactions", "ledgerTransaction").test("SELECT * FROM ledger_transactions")).toBe(false);
    expect(writes("operations", "operation").test("tx.operation.findMany({})")).toBe(false);
  });

  it("audit_log is written by lib/platform/audit/log.ts alone (issue 49, item 1)", () => {
    const offenders = [...files("lib"), ...files("app")].filter(
      (f) =>
        f !== join("lib", "platform", "audit", "log.ts") &&
        !/\.test\.tsx?$/.test(f) &&
        writes("audit_log", "auditLog").test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("operations are written by lib/operations/ alone: one room settles them (issue 49, item 1)", () => {
    const offenders = [...files("lib"), ...files("app")].filter(
      (f) =>
        !f.startsWith(`${join("lib", "operations")}/`) &&
        !/\.test\.tsx?$/.test(f) &&
        writes("operations", "operation").test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("ledger_transactions and ledger_events are written by lib/ledger/writer.ts alone (issue 49, item 1)", () => {
    const offenders = [...files("lib"), ...files("app")].filter(
      (f) =>
        f !== join("lib", "ledger", "writer.ts") &&
        !/\.test\.tsx?$/.test(f) &&
        [writes("ledger_transactions", "ledgerTransaction"), writes("ledger_events", "ledgerEvent")].some((w) =>
          w.test(readFileSync(f, "utf8")),
        ),
    );
    expect(offenders).toEqual([]);
  });

  it("the money tables are written on pg, never through Prisma (ADR 0021)", () => {
    expect(throughPrisma("await tx.operation.update({ where: { id } })")).toBe(true);
    expect(throughPrisma("await tx.$executeRaw`UPDATE ledger_transactions SET status = 1`")).toBe(true);
    expect(throughPrisma('await client.query("UPDATE ledger_transactions SET status = $1", [s])')).toBe(false);
    const offenders = [...files("lib"), ...files("app")].filter(
      (f) => !/\.test\.tsx?$/.test(f) && throughPrisma(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
