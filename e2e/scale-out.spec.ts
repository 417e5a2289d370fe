import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createUser, ROLE_USERS, sql, storageStateFor } from "./support/users";
import { signInOk, stepUpApi } from "./support/sign-in";
import { sandboxCall, sandboxCharge, sandboxControl, sandboxRefundCount } from "./support/sandbox";
import { SANDBOX_SECRET, signed } from "./support/webhooks";

// Issue 18: several console instances on one PostgreSQL. Instance A is the suite's server;
// B (and C, which is killed) are the same compiled server (dist/server.mjs) started here with
// the suite's environment. Nothing is shared between them but the database.

const run = Date.now().toString(36);
let n = 0;
const PORT_A = Number(process.env.E2E_PORT ?? 3107);

type Instance = { url: string; child: ChildProcess; exited: Promise<number | null> };

async function startInstance(port: number, env: Record<string, string> = {}): Promise<Instance> {
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/server.mjs", "-p", String(port)], {
    env: { ...process.env, NEXTAUTH_URL: url, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited (${child.exitCode})`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child, exited };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`instance on ${port} did not start`);
}

/** A captured card charge at the sandbox, in the ledger. */
async function capturedCharge(request: APIRequestContext, origin: string, amount: number) {
  const c = await sandboxCharge({ reference: `e2e-scale-${run}-${++n}`, amount, currency: "USD" });
  await sandboxCall("POST", "/v1/captures", {
    id: c.id,
    reference: `e2e-scale-${run}-${++n}-cap`,
    transaction_amount: amount,
  });
  const res = await request.post(`${origin}/api/transactions/import`, {
    headers: { Origin: origin },
    data: { id: c.id },
  });
  expect(res.status()).toBe(201);
  return c.id;
}

const refund = (request: APIRequestContext, origin: string, id: string, amount: number) =>
  request.post(`${origin}/api/transactions/${id}/refunds`, {
    headers: { Origin: origin, "Idempotency-Key": randomUUID() },
    data: { amount, reason: "consumer_requested" },
    timeout: 60_000,
  });

test.describe("two instances on one database", () => {
  test.use({ storageState: storageStateFor("finance") });
  test.describe.configure({ timeout: 150_000 });
  let b: Instance;
  const A = `http://localhost:${PORT_A}`;

  test.beforeAll(async () => {
    b = await startInstance(PORT_A + 1);
  });
  test.afterAll(async () => {
    b.child.kill("SIGTERM");
    await b.exited;
    await sandboxControl("DELETE", "/__sandbox/faults");
  });

  test("20 calls over both instances after the token ran out renew it once", async ({ request }) => {
    // Token requests the service received (asking again while one is valid returns the same token).
    const tokens = async () =>
      ((await sandboxControl("GET", "/__sandbox/counters")) as { token_requests: number }).token_requests;
    // Both instances hold a token.
    for (const origin of [A, b.url])
      expect(
        (await request.get(`${origin}/api/consults?method=card&amount=1000&currency=USD&country=US`)).status(),
      ).toBe(200);
    // The service's clock moves past every token's expiry: each instance gets a 4010 next.
    await sandboxControl("POST", "/__sandbox/clock/advance", { seconds: 3 * 86_400 });
    try {
      const before = await tokens();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          request.get(`${i % 2 ? b.url : A}/api/consults?method=card&amount=1000&currency=USD&country=US`),
        ),
      );
      expect(answers.map((r) => r.status())).toEqual(Array(20).fill(200));
      expect(await tokens()).toBe(before + 1);
    } finally {
      await sandboxControl("POST", "/__sandbox/clock/reset");
    }
  });

  test("a role change made on A ends the user's session on B at its next request", async ({ browser }) => {
    const user = await createUser("finance", "scale-role");
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signInOk(page, user.email);
    expect((await context.request.get(`${b.url}/api/transactions`)).status()).toBe(200);
    // The admin demotes them on A (a tightening: no second admin needed).
    const admin = await browser.newContext({ storageState: storageStateFor("admin"), baseURL: A });
    await stepUpApi(admin.request, A, ROLE_USERS.admin.email);
    const changed = await admin.request.patch(`${A}/api/users/${user.id}`, {
      headers: { Origin: A },
      data: { role: "ops" },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    expect((await context.request.get(`${b.url}/api/transactions`)).status()).toBe(401);
    await admin.close();
    await context.close();
  });

  test("a webhook secret rotated on A verifies on B's very next notification", async ({ browser }) => {
    const admin = await browser.newContext({ storageState: storageStateFor("admin"), baseURL: A });
    await stepUpApi(admin.request, A, ROLE_USERS.admin.email);
    const rotate = (value: string) =>
      admin.request.put(`${A}/api/settings/credentials/webhook-secret`, { headers: { Origin: A }, data: { value } });
    const fresh = `whsec_scale_${run}`;
    try {
      // B has the sandbox's secret in memory.
      const c = await sandboxCharge({
        reference: `e2e-scale-rot-${run}`,
        amount: 1200,
        currency: "USD",
        autoCapture: true,
      });
      const values = {
        id: c.id,
        transaction_type: "charge",
        reference: c.reference,
        amount: 1200,
        currency: "USD",
        status: "succeeded",
        time_completed: new Date().toISOString(),
        amount_captured: "1200",
        amount_refunded: "",
      };
      expect((await admin.request.post(`${b.url}/api/webhooks/upi`, { data: signed(values) })).status()).toBe(200);
      expect((await rotate(fresh)).status()).toBe(200);
      const res = await admin.request.post(`${b.url}/api/webhooks/upi`, {
        data: signed({ ...values, status: "captured" }, fresh),
      });
      expect(res.status()).toBe(200);
      const [row] = await sql<{ verification: string }>(
        "SELECT verification FROM webhook_notifications WHERE id = $1",
        [(await res.json()).id],
      );
      expect(row?.verification).toBe("verified");
    } finally {
      expect((await rotate(SANDBOX_SECRET)).status()).toBe(200);
      await admin.close();
    }
  });

  test("notifications sent to both instances at once, with replays: none lost, none applied twice", async ({
    request,
  }) => {
    const ids: string[] = [];
    const bodies = [];
    for (let i = 0; i < 25; i++) {
      const c = await sandboxCharge({
        reference: `e2e-scale-wh-${run}-${i}`,
        amount: 1000 + i,
        currency: "USD",
        autoCapture: true,
      });
      ids.push(c.id);
      bodies.push(
        signed({
          id: c.id,
          transaction_type: "charge",
          reference: c.reference,
          amount: 1000 + i,
          currency: "USD",
          status: "succeeded",
          time_completed: new Date().toISOString(),
          amount_captured: String(1000 + i),
          amount_refunded: "",
        }),
      );
    }
    const sends = bodies.flatMap((body) =>
      [A, b.url, A, b.url].map((origin) => request.post(`${origin}/api/webhooks/upi`, { data: body })),
    );
    const answers = await Promise.all(sends);
    expect(answers.filter((r) => r.status() !== 200)).toHaveLength(0);
    await expect(async () => {
      const rows = await sql<{ id: string; duplicates: number; apply_state: string }>(
        "SELECT transaction_id AS id, duplicates, apply_state FROM webhook_notifications WHERE transaction_id = ANY($1)",
        [ids],
      );
      expect(rows).toHaveLength(25);
      expect(rows.every((r) => r.duplicates === 3 && r.apply_state === "applied")).toBe(true);
    }).toPass({ timeout: 10_000 });
    const events = await sql<{ id: string; n: number }>(
      "SELECT transaction_id AS id, count(*)::int AS n FROM ledger_events WHERE transaction_id = ANY($1) AND kind = 'webhook' GROUP BY 1",
      [ids],
    );
    expect(events.map((e) => e.n)).toEqual(Array(25).fill(1));
  });
});

test.describe("stopping an instance mid-refund", () => {
  test.use({ storageState: storageStateFor("finance") });
  test.describe.configure({ timeout: 150_000 });
  const A = `http://localhost:${PORT_A}`;
  test.afterEach(async () => {
    await sandboxControl("DELETE", "/__sandbox/faults");
  });

  test("kill -TERM while a refund is on its way: the refund completes and is recorded", async ({ request }) => {
    const c = await startInstance(PORT_A + 2);
    const id = await capturedCharge(request, A, 5000);
    await sandboxControl("POST", "/__sandbox/faults", { fault: "latency=3000", path_prefix: "/v1/refunds", count: 1 });
    const pending = refund(request, c.url, id, 2000);
    await new Promise((r) => setTimeout(r, 1000));
    c.child.kill("SIGTERM");
    const res = await pending;
    expect(res.status(), await res.text()).toBe(201);
    expect((await res.json()).operation.status).toBe("succeeded");
    expect(await c.exited).toBe(0);
    expect(await sandboxRefundCount(id)).toBe(1);
    const [op] = await sql<{ status: string }>(
      "SELECT status FROM operations WHERE transaction_id = $1 AND kind = 'refund'",
      [id],
    );
    expect(op?.status).toBe("succeeded");
  });

  test("kill -KILL while a refund is on its way: the other instance's reconciler settles it, once", async ({
    request,
  }) => {
    const c = await startInstance(PORT_A + 3);
    const id = await capturedCharge(request, A, 5000);
    await sandboxControl("POST", "/__sandbox/faults", { fault: "latency=3000", path_prefix: "/v1/refunds", count: 1 });
    const pending = refund(request, c.url, id, 2000).catch(() => null);
    await new Promise((r) => setTimeout(r, 1000));
    c.child.kill("SIGKILL");
    await pending;
    // The refund reached the service; its outcome is unknown to the console until A checks.
    await expect(async () => {
      const [op] = await sql<{ status: string }>(
        "SELECT status FROM operations WHERE transaction_id = $1 AND kind = 'refund'",
        [id],
      );
      expect(op?.status).toBe("succeeded");
    }).toPass({ timeout: 120_000, intervals: [2000] });
    expect(await sandboxRefundCount(id)).toBe(1);
  });
});

test.describe("scheduled jobs on three instances", () => {
  test.describe.configure({ timeout: 200_000 });
  // The minute sweep (unknown operations, notifications left over, declarations) and the
  // followers (payment links, customs sub-orders, confirm outcomes) are pg-boss schedules:
  // every instance's clock offers the minute's job, one is created, one instance runs it.
  const jobs = (since: Date) =>
    sql<{ name: string; minute: string; n: number; retried: number; completed: number }>(
      `SELECT name, date_trunc('minute', created_on)::text AS minute, count(*)::int AS n,
              count(*) FILTER (WHERE retry_count > 0)::int AS retried, count(*) FILTER (WHERE state = 'completed')::int AS completed
         FROM (SELECT name, created_on, retry_count, state::text FROM pgboss.job UNION ALL SELECT name, created_on, retry_count, state::text FROM pgboss.archive) j
        WHERE name IN ('operations-sweep', 'providers-follow') AND created_on >= $1 GROUP BY 1, 2 ORDER BY 2, 1`,
      [since],
    );

  test("run once a minute across the instances, and go on when the one running them is killed", async () => {
    const [{ now: since }] = (await sql<{ now: Date }>("SELECT now() AS now")) as [{ now: Date }];
    const [b, c] = await Promise.all([startInstance(PORT_A + 4), startInstance(PORT_A + 5)]);
    try {
      for (const url of [b.url, c.url]) {
        await expect(async () =>
          expect((await (await fetch(`${url}/api/ready`)).json()).checks.workers).toBe("running"),
        ).toPass({ timeout: 30_000 });
      }
      const completedFollows = async () =>
        (await jobs(since)).filter((j) => j.name === "providers-follow").reduce((t, j) => t + j.completed, 0);
      await expect(async () => expect(await completedFollows()).toBeGreaterThanOrEqual(1)).toPass({
        timeout: 75_000,
        intervals: [1000],
      });
      c.child.kill("SIGKILL"); // whatever it held, the minute's next jobs come from the others
      const before = await completedFollows();
      await expect(async () => expect(await completedFollows()).toBeGreaterThan(before)).toPass({
        timeout: 75_000,
        intervals: [1000],
      });
      const rows = await jobs(since);
      expect(rows.length).toBeGreaterThanOrEqual(4); // two minutes, two schedules
      for (const row of rows) expect({ ...row, n: row.n, retried: row.retried }).toEqual({ ...row, n: 1, retried: 0 });
    } finally {
      for (const i of [b, c]) i.child.kill("SIGKILL");
      await Promise.all([b.exited, c.exited]);
    }
  });
});

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

test.describe("behind nginx, as docs/nginx.conf sets it up", () => {
  test.use({ storageState: storageStateFor("finance") });
  test.describe.configure({ timeout: 150_000 });
  // .ci/run installs Debian's nginx; elsewhere: apt-get install nginx.
  test.skip(!NGINX, "nginx is not installed (apt-get install nginx)");

  test("both instances serve, the webhook goes through, and a forged X-Forwarded-For is not what gets recorded", async ({
    request,
  }) => {
    const proxyPort = PORT_A + 20;
    const publicUrl = `http://localhost:${proxyPort}`;
    const env = { NEXTAUTH_URL: publicUrl, TRUSTED_PROXIES: "127.0.0.1/32" };
    const [d, e] = [await startInstance(PORT_A + 4, env), await startInstance(PORT_A + 5, env)];
    const dir = mkdtempSync(join(tmpdir(), "console-nginx-"));
    const site = readFileSync("docs/nginx.conf", "utf8")
      .replace("127.0.0.1:3000", `127.0.0.1:${PORT_A + 4}`)
      .replace("127.0.0.1:3001", `127.0.0.1:${PORT_A + 5}`)
      .replace("listen 8080;", `listen 127.0.0.1:${proxyPort};`);
    writeFileSync(join(dir, "site.conf"), site);
    writeFileSync(
      join(dir, "nginx.conf"),
      `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {}
       http { log_format up "$upstream_addr"; access_log ${dir}/access.log up;
              client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/f; uwsgi_temp_path ${dir}/u; scgi_temp_path ${dir}/s;
              include ${dir}/site.conf; }`,
    );
    execFileSync(NGINX!, ["-t", "-p", dir, "-c", join(dir, "nginx.conf")], { stdio: "pipe" });
    const nginx = spawn(NGINX!, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: "ignore" });
    try {
      for (
        let i = 0;
        i < 40 &&
        !(await fetch(`${publicUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        ));
        i++
      )
        await new Promise((r) => setTimeout(r, 250));
      for (let i = 0; i < 10; i++) expect((await request.get(`${publicUrl}/api/health`)).status()).toBe(200);
      const served = new Set(readFileSync(join(dir, "access.log"), "utf8").trim().split("\n"));
      expect([...served].sort()).toEqual([`127.0.0.1:${PORT_A + 4}`, `127.0.0.1:${PORT_A + 5}`]);

      // A signed-in page and a refused admin call through the proxy; the refusal is audited
      // with the address nginx saw, not the one the client claimed.
      expect((await request.get(`${publicUrl}/api/transactions`)).status()).toBe(200);
      const refused = await request.get(`${publicUrl}/api/users`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
      expect(refused.status()).toBe(403);
      const [row] = await sql<{ ip: string | null }>(
        "SELECT ip FROM audit_log WHERE actor_email = $1 AND result = 'denied' ORDER BY id DESC LIMIT 1",
        [ROLE_USERS.finance.email],
      );
      expect(row?.ip).toBe("127.0.0.1");

      const c = await sandboxCharge({
        reference: `e2e-nginx-${run}`,
        amount: 1500,
        currency: "USD",
        autoCapture: true,
      });
      const note = signed({
        id: c.id,
        transaction_type: "charge",
        reference: c.reference,
        amount: 1500,
        currency: "USD",
        status: "succeeded",
        time_completed: new Date().toISOString(),
        amount_captured: "1500",
        amount_refunded: "",
      });
      expect((await request.post(`${publicUrl}/api/webhooks/upi`, { data: note })).status()).toBe(200);
      await expect(async () => {
        const [stored] = await sql<{ apply_state: string }>(
          "SELECT apply_state FROM webhook_notifications WHERE transaction_id = $1",
          [c.id],
        );
        expect(stored?.apply_state).toBe("applied");
      }).toPass({ timeout: 10_000 });
    } finally {
      nginx.kill("SIGTERM");
      for (const i of [d, e]) i.child.kill("SIGTERM");
      await Promise.all([d.exited, e.exited]);
    }
  });
});
