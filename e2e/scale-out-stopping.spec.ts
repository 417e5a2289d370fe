import { randomUUID } from "node:crypto";
import { type AddressInfo, createServer } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { sql, storageStateFor } from "./support/users";
import { sandboxCall, sandboxCharge, sandboxControl, sandboxRefundCount } from "./support/sandbox";
import { PORT_A, run, startInstance, startOn } from "./support/instances";
import { giveUpHeldJobs, runJobUntil } from "./support/jobs";

// Issue 18: an instance stopped (gracefully or not) while a refund is on its way.

let n = 0;

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

/**
 * Resolves once the refund has reached the sandbox: its one-shot latency fault is consumed on
 * arrival, so the request is then held there for three seconds. A fixed wait raced a cold
 * instance on a busy machine (killed before it had written the operation or sent anything).
 */
async function refundInFlight(fault: { id: string }) {
  await expect(async () => {
    const faults = (await sandboxControl("GET", "/__sandbox/faults")) as { id: string }[];
    expect(faults.map((f) => f.id)).not.toContain(fault.id);
  }).toPass({ timeout: 30_000, intervals: [50] });
}

const refund = (request: APIRequestContext, origin: string, id: string, amount: number) =>
  request.post(`${origin}/api/transactions/${id}/refunds`, {
    headers: { Origin: origin, "Idempotency-Key": randomUUID() },
    data: { amount, reason: "consumer_requested" },
    timeout: 60_000,
  });

test.describe("stopping an instance mid-refund", () => {
  test.use({ storageState: storageStateFor("finance") });
  test.describe.configure({ timeout: 150_000 });
  const A = `http://localhost:${PORT_A}`;
  test.afterEach(async () => {
    await sandboxControl("DELETE", "/__sandbox/faults");
  });

  test("kill -TERM while a refund is on its way: the refund completes and is recorded", async ({ request }) => {
    const c = await startInstance();
    const id = await capturedCharge(request, A, 5000);
    const fault = await sandboxControl("POST", "/__sandbox/faults", {
      fault: "latency=3000",
      path_prefix: "/v1/refunds",
      count: 1,
    });
    const pending = refund(request, c.url, id, 2000);
    await refundInFlight(fault);
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
    const c = await startInstance();
    const id = await capturedCharge(request, A, 5000);
    const fault = await sandboxControl("POST", "/__sandbox/faults", {
      fault: "latency=3000",
      path_prefix: "/v1/refunds",
      count: 1,
    });
    const pending = refund(request, c.url, id, 2000).catch(() => null);
    await refundInFlight(fault);
    c.child.kill("SIGKILL");
    await pending;
    // The killed instance may have been running the minute sweep: it is given up within three
    // minutes (lib/platform/jobs/boss.ts), not pg-boss's fifteen — as if they had passed.
    await giveUpHeldJobs("sweep", 180);
    // The refund reached the service; its outcome is unknown to the console until A checks. A's
    // minute sweep takes up an operation left pending past the time-out: that time has passed
    // (as if), and the sweep runs now (e2e/scale-out-jobs.spec.ts proves the schedule).
    await sql(
      `UPDATE operations SET last_attempt_at = last_attempt_at - interval '10 minutes',
              created_at = created_at - interval '10 minutes'
        WHERE transaction_id = $1 AND kind = 'refund' AND status = 'pending'`,
      [id],
    );
    await runJobUntil("sweep", async () => {
      const [op] = await sql<{ status: string }>(
        "SELECT status FROM operations WHERE transaction_id = $1 AND kind = 'refund'",
        [id],
      );
      expect(op?.status).toBe("succeeded");
    });
    expect(await sandboxRefundCount(id)).toBe(1);
  });
});

test("an instance started on a port already in use stops at once and says why", async () => {
  test.setTimeout(60_000); // the old server outlived the starter's 30 s wait
  // It once logged the error and lived on without listening: a supervisor saw a running
  // process, and two suite runs waited 30 s on an instance that would never answer.
  const holder = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const port = (holder.address() as AddressInfo).port;
  try {
    const started = Date.now();
    const taken = await startOn(port).then(
      (i) => {
        i.child.kill("SIGKILL");
        return "it started";
      },
      (e: Error) => e.message,
    );
    expect(taken).toMatch(/exited \(1\)[\s\S]*Port \d+ is already in use/);
    expect(Date.now() - started).toBeLessThan(25_000);
  } finally {
    holder.close();
  }
});
