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

  it("audit_log is written by lib/platform/audit/log.ts alone (issue 49, item 1)", () => {
    const offenders = [...files("lib"), ...files("app")].filter(
      (f) =>
        f !== join("lib", "platform", "audit", "log.ts") &&
        !/\.test\.tsx?$/.test(f) &&
        /INSERT\s+INTO\s+"?audit_log|auditLog\.(create|createMany|update|upsert|delete)/i.test(readFileSync(f, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("operations are written by lib/operations/ alone: one room settles them (issue 49, item 1)", () => {
    const offenders = [...files("lib"), ...files("app")].filter(
      (f) =>
        !f.startsWith(`${join("lib", "operations")}/`) &&
        !/\.test\.tsx?$/.test(f) &&
        /(INSERT\s+INTO|UPDATE)\s+"?operations\b|\.operation\.(create|createMany|update|updateMany|upsert|delete)/i.test(
          readFileSync(f, "utf8"),
        ),
    );
    expect(offenders).toEqual([]);
  });

  it("ledger_transactions and ledger_events are written by lib/ledger/writer.ts alone (issue 49, item 1)", () => {
    const offenders = [...files("lib"), ...files("app")].filter(
      (f) =>
        f !== join("lib", "ledger", "writer.ts") &&
        !/\.test\.tsx?$/.test(f) &&
        /(INSERT\s+INTO|UPDATE)\s+"?ledger_(transactions|events)\b|\.ledger(Transaction|Event)\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\b/i.test(
          readFileSync(f, "utf8"),
        ),
    );
    expect(offenders).toEqual([]);
  });
});
