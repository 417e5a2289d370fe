import { openSession } from "./support/sessions";
import { expect, test } from "@playwright/test";
import { createUser, ROLE_USERS, sql, storageStateFor } from "./support/users";
import { stepUpApi } from "./support/sign-in";
import { sandboxCharge, sandboxControl } from "./support/sandbox";
import { SANDBOX_SECRET, signed } from "./support/webhooks";
import { type Instance, PORT_A, run, startInstance } from "./support/instances";

// Issue 18: what one instance holds in memory (the access token, sessions, the webhook secret)
// stays right when another changes it, and notifications spread over both are applied once.

test.describe("two instances on one database", () => {
  test.use({ storageState: storageStateFor("finance") });
  test.describe.configure({ timeout: 150_000 });
  let b: Instance;
  const A = `http://localhost:${PORT_A}`;

  test.beforeAll(async () => {
    b = await startInstance();
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
    await openSession(page, user.email);
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
