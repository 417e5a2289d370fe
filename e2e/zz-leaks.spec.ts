import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { sandboxControl } from "./support/sandbox";
import { ROLE_USERS, sql, totpSecretOf } from "./support/users";

// Runs last (files run in name order, one worker): every response body the console sent
// in this run (test-results/responses.log, recorded by server/record-responses.ts) and every line
// the server logged (test-results/server.log) are searched for secrets and card data.

const CARD_NUMBERS = [
  "4111111111111111",
  "4012888888881881",
  "4242424242424242",
  "5555555555554444",
  "4000000000000002",
  "378282246310005",
];

function known(): Record<string, string> {
  const env = process.env;
  return {
    "private key": "sk_sandbox_default_private_key",
    "customs token": "ct_sandbox_default",
    "webhook secret": "whsec_sandbox_default",
    "rotated webhook secret": "whsec_rotated_value_1",
    "wrong private key": "sk_wrong_key_123",
    "attacker's private key": "sk_attacker_value",
    NEXTAUTH_SECRET: env.NEXTAUTH_SECRET ?? "",
    SECRETS_KEY: env.SECRETS_KEY ?? "",
    "admin TOTP secret": totpSecretOf(ROLE_USERS.admin.email)!,
    "manager TOTP secret": totpSecretOf(ROLE_USERS.manager.email)!,
    "test password": "e2e-password-123",
  };
}

test("no secret, access token, card number or cvv in any response or log line of the run", async () => {
  const texts = ["test-results/responses.log", "test-results/server.log"].map((file) => {
    expect(existsSync(file), `${file} exists`).toBe(true);
    return [file, readFileSync(file, "utf8")] as const;
  });
  const [, responses] = texts[0]!;
  // The recording is real: it holds the pages and API answers of the whole run.
  expect(responses.length).toBeGreaterThan(100_000);
  expect(responses).toContain("### GET /api/transactions");

  const tokens = (await sandboxControl("GET", "/__sandbox/tokens")) as { token: string }[];
  expect(tokens.length).toBeGreaterThan(0);
  const needles: [string, string][] = [
    ...Object.entries(known()).filter(([, v]) => v.length >= 8),
    ...tokens.map((t, i) => [`access token ${i + 1}`, t.token] as [string, string]),
    ...CARD_NUMBERS.map((pan) => [`card number ${pan.slice(-4)}`, pan] as [string, string]),
  ];
  for (const [file, text] of texts) {
    for (const [label, value] of needles) {
      expect(text.includes(value), `${label} found in ${file}`).toBe(false);
    }
    // A cvv never comes back, under any spelling of the field.
    expect(text, `cvv value in ${file}`).not.toMatch(/"(cvv|cvc|security_code)"\s*:\s*"?\d{3,4}/i);
    expect(text, `cvv value in ${file}`).not.toMatch(/\b(cvv|cvc)=\d{3,4}\b/i);
  }
});

// Every text, json and bytea column of every table in the console's schema and pg-boss's,
// raw webhook bodies and job payloads included: no card number, spaced or not, and no cvv
// under any spelling of the field.
test("no card number or cvv anywhere in the database after the run", async () => {
  test.setTimeout(120_000);
  const columns = await sql<{ schema: string; table: string; column: string; type: string }>(
    `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column, c.data_type AS type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema IN ('public', 'pgboss')
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')
      ORDER BY 1, 2, 3`,
  );
  const names = columns.map((c) => `${c.schema}.${c.table}.${c.column}`);
  // The scan is real: it reaches the raw notifications, the audit trail and pg-boss's jobs.
  expect(names).toEqual(
    expect.arrayContaining([
      "public.webhook_notifications.raw_body",
      "public.audit_log.detail",
      "public.ledger_transactions.payload",
    ]),
  );
  expect(names.some((n) => n.startsWith("pgboss."))).toBe(true);

  const pans = CARD_NUMBERS.flatMap((pan) => [
    pan,
    pan.replace(/(\d{4})(?=\d)/g, "$1 "),
    pan.replace(/(\d{4})(?=\d)/g, "$1-"),
  ]);
  const patterns = pans.map((p) => `%${p}%`);
  const cvv = `("(cvv|cvc|cvv2|security_code)"\\s*:\\s*"?\\d{3,4})|(\\m(cvv|cvc|cvv2|security_code)=\\d{3,4})`;
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const found: string[] = [];
  for (const c of columns) {
    // bytea is read as escaped text: printable bytes (digits) stay as they are.
    const text = c.type === "bytea" ? `encode(${quote(c.column)}, 'escape')` : `${quote(c.column)}::text`;
    const [hit] = await sql<{ pan: string | null; cvv: string | null }>(
      `SELECT (SELECT ${text} FROM ${quote(c.schema)}.${quote(c.table)} WHERE ${text} LIKE ANY($1) LIMIT 1) AS pan,
              (SELECT ${text} FROM ${quote(c.schema)}.${quote(c.table)} WHERE ${text} ~* $2 LIMIT 1) AS cvv`,
      [patterns, cvv],
    );
    if (hit?.pan) found.push(`card number in ${c.schema}.${c.table}.${c.column}`);
    if (hit?.cvv) found.push(`cvv in ${c.schema}.${c.table}.${c.column}`);
  }
  expect(found).toEqual([]);

  // A control: the same search finds what is meant to be there.
  const [control] = await sql<{ n: string }>("SELECT count(*) AS n FROM public.users WHERE email::text LIKE ANY($1)", [
    [`%${ROLE_USERS.admin.email}%`],
  ]);
  expect(Number(control!.n)).toBe(1);
});
