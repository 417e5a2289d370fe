import { randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { serverToken } from "../sandbox/dev-client";
import { totpCode } from "../lib/platform/auth/totp";
import { call, charge, type Person, refund, walk } from "../scripts/lib/walk";
import { signedIn, startLauncher, type Launcher } from "./support/local-mode";
import { withPg } from "../scripts/lib/users";
import { execFileSync } from "node:child_process";

// Issue 29: local mode — what `npm start` runs for a new user — is a real PostgreSQL server.
// On PGlite (one session shared by every pool connection) a few people at once were answered
// as each other, signed out and given 500s, and the races below proved nothing there.

test.describe.configure({ mode: "serial" });
test.setTimeout(420_000);

let launcher: Launcher;
let dataDir: string;
let finance: Person;

/** What the launcher's sandbox (the payment API) holds: the ground truth of what moved. */
async function atSandbox(id: string): Promise<{ refunds: number; captures: number; status: string }> {
  const token = await serverToken(launcher.sandboxUrl);
  const res = await fetch(`${launcher.sandboxUrl}/v1/transactions/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  type List = unknown[] | { data?: unknown[] } | undefined;
  const { data } = (await res.json()) as { data: { status: string; refunds?: List; captures?: List } };
  const count = (list: List) => (Array.isArray(list) ? list : (list?.data ?? [])).length;
  return { status: data.status, refunds: count(data.refunds), captures: count(data.captures) };
}

const withKey = () => ({ "Idempotency-Key": randomUUID() });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(join(tmpdir(), "console-local-"));
  chmodSync(dataDir, 0o755); // the database runs as the postgres user when the suite runs as root
  launcher = await startLauncher(dataDir);
  // Every payment's notifications go to this console, as a merchant's account would send them.
  const res = await fetch(`${launcher.sandboxUrl}/__sandbox/merchants/m_default`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ default_ipn_url: `${launcher.url}/api/webhooks/upi` }),
  });
  expect(res.status).toBe(200);
  finance = await signedIn(launcher, "finance", 4);
});

test.afterAll(async () => {
  if (launcher) expect(await launcher.stop()).toBe(0);
  rmSync(dataDir, { recursive: true, force: true });
});

// Issue 48, items 15 and 16: local mode connected as the database superuser, so the audit log's
// append-only guarantee held only in production; and every local start logged an error.
test("the console runs as its own database role, which can only append to the audit log; the start logged no error", async () => {
  await withPg(launcher.dbUrl, async (c) => {
    const { rows } = await c.query<{ usename: string }>(
      `SELECT DISTINCT usename FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    expect(rows.map((r) => r.usename)).toEqual(["console_app"]);
    await c.query("BEGIN");
    await c.query("SET LOCAL ROLE console_app");
    await expect(
      c.query("UPDATE audit_log SET reason = 'rewritten' WHERE id = (SELECT min(id) FROM audit_log)"),
    ).rejects.toThrow(/permission denied/);
    await c.query("ROLLBACK");
  });
  expect(launcher.output()).not.toMatch(/"level":"(error|fatal)"|\[config-bus\]/);
});

// Issue 50 item 12: each demo user had to scan a QR code before seeing anything.
test("a newcomer signs in as a demo user with the code npm run mfa:code prints, as the start and the page say", async ({
  page,
}) => {
  expect(launcher.output()).toMatch(/finance\s+finance@example\.com\s+demo-finance-pass\s+[A-Z2-7]{32}/);
  expect(launcher.output()).toContain("npm run mfa:code -- finance");
  await page.goto(`${launcher.url}/login`);
  await page.getByLabel("Email").fill("finance@example.com");
  await page.getByLabel("Password").fill("demo-finance-pass");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("demo-code")).toHaveText(/npm run mfa:code -- finance/);
  const printed = execFileSync(process.execPath, ["--import", "tsx", "scripts/mfa-code.ts", "finance"], {
    env: { ...process.env, CONSOLE_DATA_DIR: dataDir },
    encoding: "utf8",
  });
  await page.getByLabel("Authentication code").fill(printed.slice(0, 6));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(`${launcher.url}/`);
  // A person the merchant added is told nothing of the kind.
  const other = await signedIn(launcher, "ops", 0, "newcomer");
  await page.context().clearCookies();
  await page.goto(`${launcher.url}/login`);
  await page.getByLabel("Email").fill(other.email);
  await page.getByLabel("Password").fill("local-mode-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await expect(page.getByTestId("demo-code")).toHaveCount(0);
});

test("three people in nine sessions for half a minute: every answer is about its own person, none fails", async () => {
  const ops = await signedIn(launcher, "ops", 3);
  const manager = await signedIn(launcher, "manager", 2);
  const tally = await walk([...finance.sessions, ...ops.sessions, ...manager.sessions], finance.sessions, 30);

  expect(tally.wrongUser, "answers naming another person").toBe(0);
  expect(tally.unexpected, "sign-outs, 5xx and refusals nobody asked for").toEqual([]);
  expect(tally.polls).toBeGreaterThan(250);
  expect(tally.charges).toBeGreaterThan(10);
  expect(tally.refunds).toBe(tally.charges);

  // The sandbox's notifications of those payments: each answered, none with a 5xx.
  const log = (await (await fetch(`${launcher.sandboxUrl}/__sandbox/webhooks?merchant_id=m_default`)).json()) as
    | { attempts: { status: number | null }[] }[]
    | { data: { attempts: { status: number | null }[] }[] };
  const attempts = (Array.isArray(log) ? log : log.data).flatMap((d) => d.attempts);
  expect(attempts.length).toBeGreaterThan(tally.charges);
  expect(attempts.filter((a) => a.status === null || a.status >= 500)).toEqual([]);
  expect(launcher.output()).not.toMatch(/bind message supplies|invalid input syntax for type uuid/);
});

test("money races hold on the local-mode database: double submits, two people, capture against cancel", async () => {
  const [me] = finance.sessions;
  const [them] = (await signedIn(launcher, "finance", 1, "colleague")).sessions;

  // A double submit: one refund, the same operation in every answer.
  const first = await charge(me!, 3000);
  const key = randomUUID();
  const answers = await Promise.all([1, 2, 3].map(() => refund(me!, first.id!, 1000, key)));
  const ops = await Promise.all(
    answers.map(async (r) => ((await r.json()) as { operation: { id: string } }).operation.id),
  );
  expect(new Set(ops).size).toBe(1);
  expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
  expect((await atSandbox(first.id!)).refunds).toBe(1);

  // Two people refunding the rest at once: one refund, one clear conflict.
  const second = await charge(me!, 8000);
  const both = await Promise.all([refund(me!, second.id!, 8000), refund(them!, second.id!, 8000)]);
  expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  expect((await atSandbox(second.id!)).refunds).toBe(1);

  // A capture and a cancel of one authorization at once: exactly one of them happens.
  const auth = await charge(me!, 5000, false);
  const [captured, cancelled] = await Promise.all([
    call(me!, "POST", `/api/transactions/${auth.id}/captures`, {}, withKey()),
    call(them!, "POST", `/api/transactions/${auth.id}/cancel`, {}, withKey()),
  ]);
  expect([captured.status, cancelled.status].sort()).toEqual([201, 409]);
  const after = await atSandbox(auth.id!);
  if (captured.status === 201) expect([after.captures, after.status === "canceled"]).toEqual([1, false]);
  else expect([after.captures, after.status]).toEqual([0, "canceled"]);
});

test("two managers approving the same large refund at once send it once", async () => {
  const approvers = [
    await signedIn(launcher, "manager", 1, "approver-a"),
    await signedIn(launcher, "manager", 1, "approver-b"),
  ];
  const big = await charge(finance.sessions[0]!, 100_000);
  const asked = await call(
    finance.sessions[0]!,
    "POST",
    `/api/transactions/${big.id}/refunds`,
    { amount: 60_000, reason: "fraud" },
    withKey(),
  );
  expect(asked.status).toBe(201);
  const { operation } = (await asked.json()) as { operation: { id: string; status: string } };
  expect(operation.status).toBe("pending_approval");
  for (const a of approvers) {
    const res = await call(a.sessions[0]!, "POST", "/api/me/step-up", { code: totpCode(a.totpSecret) });
    expect(res.status, await res.text()).toBe(200);
  }
  const decisions = await Promise.all(
    approvers.map((a) =>
      call(a.sessions[0]!, "POST", `/api/operations/${operation.id}/approve`, {
        comment: "Checked with the card holder",
      }),
    ),
  );
  expect(decisions.map((r) => r.status).sort()).toEqual([200, 409]);
  expect((await atSandbox(big.id!)).refunds).toBe(1);
});

test("after a crash of every process of local mode, the next start has every row", async () => {
  // Counted in the database: a list page stops at 200 rows and would hide a loss.
  const count = () =>
    withPg(launcher.dbUrl, async (c) => {
      const { rows } = await c.query<{ ledger: number; operations: number; audit: number; users: number }>(
        `SELECT (SELECT count(*)::int FROM ledger_transactions) AS ledger, (SELECT count(*)::int FROM operations) AS operations,
                (SELECT count(*)::int FROM audit_log) AS audit, (SELECT count(*)::int FROM users) AS users`,
      );
      return rows[0]!;
    });
  const before = await count();
  expect(before.ledger).toBeGreaterThan(10);
  await launcher.crash();
  launcher = await startLauncher(dataDir);
  const after = await count();
  // The restart itself writes nothing to these tables before anyone signs in.
  expect(after).toEqual(before);
  const person = await signedIn(launcher, "finance", 1, "after-crash");
  const list = await call(person.sessions[0]!, "GET", "/api/transactions?limit=5");
  expect(list.status).toBe(200);
});
