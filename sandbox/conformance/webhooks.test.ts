import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, chargeBody, eventually, ref, useSandbox, WEBHOOK_SECRET, webhookReceiver } from "./harness";

// The public-notes algorithm, written here independently of the sandbox's own code.
function verify(body: Record<string, string | number>, secret: string): boolean {
  const keys = [...String(body.fields).split(","), "fields"].sort();
  const base = keys.map((k) => `${k}=${body[k] ?? ""}`).join("&");
  return createHash("sha256").update(`${base}&secret=${secret}`).digest("hex") === body.sign;
}

// Spec: Events; public-notes: Webhook (IPN) signature, Notification details.
describe("webhooks", () => {
  const box = useSandbox();
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    hook = await webhookReceiver();
    await api(box.sandbox, "PUT", "/__sandbox/webhooks/retry", { json: { base_ms: 20, max_attempts: 4 } });
  });
  afterAll(() => hook.close());
  const post = (path: string, json: unknown) => api(box.sandbox, "POST", path, { auth: box.token, json });
  const eventsFor = (reference: string) => hook.json().filter((b) => b.reference === reference);

  it("notifies every status change with a signature that verifies", async () => {
    const reference = ref("wh");
    const c = (await post("/v1/charges", chargeBody({ reference, ipn: hook.url }))).body.data;
    await post("/v1/captures", { id: c.id, reference: ref("cap"), transaction_amount: 5000 });
    const refundRef = ref("r");
    await post("/v1/refunds", { id: c.id, reference: refundRef, amount: 1000 });
    const events = await eventually(
      () => [...eventsFor(reference), ...eventsFor(refundRef)],
      (e) => e.length === 3,
    );
    expect(events.map((e) => `${e.transaction_type}:${e.status}`)).toEqual([
      "charge:authorized",
      "charge:captured",
      "refund:success",
    ]);
    for (const e of events) expect(verify(e, WEBHOOK_SECRET)).toBe(true);
    const captured = events[1]!;
    expect(captured).toMatchObject({
      id: c.id,
      amount: 10000,
      currency: "USD",
      payment_method: "card",
      amount_captured: "5000",
      amount_refunded: "",
    });
    expect(typeof captured.amount).toBe("number");
    expect(String(captured.time_created)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const tampered = { ...captured, amount: 10001 };
    expect(verify(tampered, WEBHOOK_SECRET)).toBe(false);
    expect(verify(captured, "another-secret")).toBe(false);
  });

  it("sends nothing without urls.ipn", async () => {
    const reference = ref("silent");
    await post("/v1/charges", chargeBody({ reference }));
    const deliveries = (await api(box.sandbox, "GET", "/__sandbox/webhooks")).body as { body: { reference: string } }[];
    expect(deliveries.some((d) => d.body.reference === reference)).toBe(false);
  });

  it("retries with back-off until the receiver answers 2xx, logging each attempt", async () => {
    hook.failNext(500, 503);
    const reference = ref("retry");
    await post("/v1/charges", chargeBody({ reference, ipn: hook.url }));
    await eventually(
      () => eventsFor(reference),
      (e) => e.length === 1,
    );
    const log = (await api(box.sandbox, "GET", "/__sandbox/webhooks")).body as {
      body: { reference: string };
      attempts: { status: number; at: number }[];
      state: string;
    }[];
    const d = log.find((x) => x.body.reference === reference)!;
    expect(d.state).toBe("delivered");
    expect(d.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    // Back-off doubles from base_ms (20 ms here): each wait is at least its step. Not the waits
    // compared with each other: on a busy machine the first can run late past the second's 40 ms.
    expect(d.attempts[1]!.at - d.attempts[0]!.at).toBeGreaterThanOrEqual(20);
    expect(d.attempts[2]!.at - d.attempts[1]!.at).toBeGreaterThanOrEqual(40);
  });

  it("gives up after the last attempt and keeps the failure in the log", async () => {
    hook.failNext(500, 500, 500, 500);
    const reference = ref("gone");
    await post("/v1/charges", chargeBody({ reference, ipn: hook.url }));
    const d = await eventually(
      async () =>
        (
          (await api(box.sandbox, "GET", "/__sandbox/webhooks")).body as {
            body: { reference: string };
            state: string;
            attempts: unknown[];
          }[]
        ).find((x) => x.body.reference === reference),
      (x) => x?.state === "failed",
    );
    expect(d!.attempts).toHaveLength(4);
  });

  it("can drop, duplicate and reorder notifications", async () => {
    await api(box.sandbox, "PUT", "/__sandbox/webhooks/faults", { json: { mode: "drop", count: 1 } });
    const dropped = ref("drop");
    await post("/v1/charges", chargeBody({ reference: dropped, ipn: hook.url }));
    await api(box.sandbox, "PUT", "/__sandbox/webhooks/faults", { json: { mode: "duplicate", count: 1 } });
    const duplicated = ref("dup");
    await post("/v1/charges", chargeBody({ reference: duplicated, ipn: hook.url }));
    await eventually(
      () => eventsFor(duplicated),
      (e) => e.length === 2,
    );
    expect(eventsFor(dropped)).toHaveLength(0);

    await api(box.sandbox, "PUT", "/__sandbox/webhooks/faults", { json: { mode: "reorder", count: 1 } });
    const first = ref("first");
    const second = ref("second");
    await post("/v1/charges", chargeBody({ reference: first, ipn: hook.url }));
    await post("/v1/charges", chargeBody({ reference: second, ipn: hook.url }));
    const order = await eventually(
      () =>
        hook
          .json()
          .map((b) => b.reference)
          .filter((r) => r === first || r === second),
      (o) => o.length === 2,
    );
    expect(order).toEqual([second, first]);
  });

  it("sends form-encoded bodies to merchants that want them", async () => {
    await api(box.sandbox, "PATCH", "/__sandbox/merchants/m_default", { json: { webhook_format: "form" } });
    const reference = ref("form");
    await post("/v1/charges", chargeBody({ reference, ipn: hook.url }));
    const raw = await eventually(() => hook.received.find((r) => r.raw.includes(reference)), Boolean);
    await api(box.sandbox, "PATCH", "/__sandbox/merchants/m_default", { json: { webhook_format: "json" } });
    expect(raw!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const body = Object.fromEntries(new URLSearchParams(raw!.raw));
    expect(verify(body, WEBHOOK_SECRET)).toBe(true);
  });

  it("dates a chargeback opened while the clock is rewound in the past, and resets to real time", async () => {
    const reference = ref("cbpast");
    const c = (await post("/v1/charges", chargeBody({ reference, ipn: hook.url, auto_capture: true }))).body.data;
    const rewound = await api(box.sandbox, "POST", "/__sandbox/clock/rewind", { json: { seconds: 4 * 86_400 } });
    expect(rewound.body.offset_seconds).toBe(-4 * 86_400);
    expect((await api(box.sandbox, "POST", "/__sandbox/clock/rewind", { json: { seconds: -1 } })).status).toBe(400);
    await api(box.sandbox, "POST", "/__sandbox/chargebacks", { json: { charge_id: c.id } });
    await api(box.sandbox, "POST", "/__sandbox/clock/reset");
    const [event] = await eventually(
      () => eventsFor(reference).filter((e) => e.transaction_type === "chargeback"),
      (e) => e.length === 1,
    );
    const ago = Date.now() - Date.parse(String(event!.time_completed));
    expect(ago).toBeGreaterThan(4 * 86_400_000 - 60_000);
    expect(ago).toBeLessThan(4 * 86_400_000 + 60_000);
    expect(verify(event!, WEBHOOK_SECRET)).toBe(true);
  });

  it("moves a chargeback through its six statuses, notifying each, and shows it in the inquiry", async () => {
    const reference = ref("cb");
    const c = (await post("/v1/charges", chargeBody({ reference, ipn: hook.url, auto_capture: true }))).body.data;
    const opened = await api(box.sandbox, "POST", "/__sandbox/chargebacks", {
      json: { charge_id: c.id, amount: 4000, reason: "fraudulent" },
    });
    expect(opened.status).toBe(201);
    for (let i = 0; i < 4; i++) {
      await api(box.sandbox, "POST", `/__sandbox/chargebacks/${opened.body.id}/advance`, { json: { outcome: "Lost" } });
    }
    const closed = await api(box.sandbox, "POST", `/__sandbox/chargebacks/${opened.body.id}/advance`, { json: {} });
    expect(closed.status).toBe(400);
    const statuses = await eventually(
      () =>
        eventsFor(reference)
          .filter((e) => e.transaction_type === "chargeback")
          .map((e) => e.status),
      (s) => s.length === 5,
    );
    // One notification per status. Deliveries go out concurrently, so two close together
    // may arrive in either order (as from the real service); the order is the history's.
    const sequence = [
      "Notification of Claim",
      "Request For Information",
      "Information Supplied",
      "Lost",
      "Case Closed",
    ];
    expect([...statuses].sort()).toEqual([...sequence].sort());
    for (const e of eventsFor(reference)) expect(verify(e, WEBHOOK_SECRET)).toBe(true);
    const inquiry = (await api(box.sandbox, "GET", `/v1/transactions/${c.id}`, { auth: box.token })).body.data;
    expect(inquiry.chargebacks.data[0]).toMatchObject({
      amount: 4000,
      status: "Case Closed",
      history: expect.any(Array),
    });
    expect(inquiry.chargebacks.data[0].history.map((h: { status: string }) => h.status)).toEqual(sequence);
  });
});
