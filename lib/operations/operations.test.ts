import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { serverToken } from "@/sandbox/dev-client";
import { SECRET_NAMES, writeSecret } from "@/lib/secrets/store";
import { importTransaction, refreshTransaction } from "@/lib/ledger/service";
import { updateSettings } from "@/lib/settings/service";
import { stopBoss } from "@/lib/jobs/boss";
import { actorFor, type StaffUser } from "@/lib/auth/actor";
import { approveOperation, operationRoom, rejectOperation, requestCancel, requestCapture, requestRefund } from "./service";
import { reconcileOperation } from "./execute";

let sandbox: Sandbox;
let token: string;
const finance: StaffUser = { id: "00000000-0000-4000-8000-000000000001", email: "fin@example.com", name: "Fin", role: "finance" };
const finance2: StaffUser = { id: "00000000-0000-4000-8000-000000000002", email: "fin2@example.com", name: "Fin Two", role: "finance" };
const manager: StaffUser = { id: "00000000-0000-4000-8000-000000000003", email: "mgr@example.com", name: "Mgr", role: "manager" };
const client = { ip: "127.0.0.1", userAgent: "vitest" };
let n = 0;
const key = () => `key-${Date.now()}-${++n}`;

async function upi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, { method, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  return (await res.json()).data;
}
const control = (method: string, path: string, body?: unknown) =>
  fetch(`${sandbox.url}${path}`, { method, headers: { "Content-Type": "application/json" }, body: body ? JSON.stringify(body) : undefined });

/** A charge created straight at the sandbox and imported into the ledger. */
async function charge(o: { amount?: number; currency?: string; method?: string; capture?: number } = {}) {
  const method = o.method ?? "card";
  const c = await upi("POST", "/v1/charges", {
    transaction: { reference: `order-${Date.now()}-${++n}`, amount: o.amount ?? 10_000, currency: o.currency ?? "USD", country: "US", auto_capture: false },
    payment: { method, ...(method === "card" ? { data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } } : {}) },
  });
  if (c.status === "initiated") await control("POST", `/__sandbox/payments/${c.id}/complete`);
  if (o.capture) await upi("POST", "/v1/captures", { id: c.id, reference: `cap-${Date.now()}-${++n}`, transaction_amount: o.capture });
  await importTransaction(c.id, actorFor(finance));
  return c.id as string;
}
const sandboxRefunds = async (id: string) => ((await upi("GET", `/v1/transactions/${id}`)).refunds as { data?: unknown[] } | unknown[]);
const refundCount = async (id: string) => {
  const r = await sandboxRefunds(id);
  return (Array.isArray(r) ? r : (r.data ?? [])).length;
};
// The audit log is append-only, so each test reads only the rows about its own charge.
const auditRows = (action: string, targetId: string) => db.auditLog.findMany({ where: { action, targetId }, orderBy: { id: "asc" } });

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: null });
  overrideConfigForTests({ UPI_BASE_URL: sandbox.url, CUSTOMS_BASE_URL: sandbox.url, RECONCILE_FIRST_CHECK_SECONDS: "3600" }); // the tests reconcile by hand
  token = await serverToken(sandbox.url);
});
afterAll(async () => {
  await stopBoss();
  await sandbox.close();
});
beforeEach(async () => {
  await db.operation.deleteMany();
  await db.ledgerTransaction.deleteMany();
  await db.setting.deleteMany();
  await updateSettings({ upiTimeoutMs: 15_000, refundApprovalThresholds: { USD: 50_000 }, refundApprovalPercent: null }, "test");
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
  await control("DELETE", "/__sandbox/faults");
});

describe("capture, refund, cancel", () => {
  it("captures part of an authorization, refunds part of it, and keeps the ledger and audit in step", async () => {
    const id = await charge({ amount: 10_000 });
    const cap = await requestCapture(id, { amount: 6000 }, key(), actorFor(finance, client));
    expect(cap.operation).toMatchObject({ status: "succeeded", amount: 6000, kind: "capture" });
    const ref = await requestRefund(id, { amount: 2500, reason: "consumer_requested" }, key(), actorFor(finance, client));
    expect(ref.operation).toMatchObject({ status: "succeeded", amount: 2500, message: "Refund of $25.00 succeeded." });

    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
    expect([row.status, Number(row.amountCaptured), Number(row.amountRefunded)]).toEqual(["succeeded", 6000, 2500]);
    expect(await operationRoom(id)).toEqual({ capture: 0, refund: 3500 });
    const refund = (await upi("GET", `/v1/transactions/${id}`)).refunds;
    expect((Array.isArray(refund) ? refund : refund.data)[0]).toMatchObject({ reference: ref.operation.reference, amount: 2500, note: "Consumer requested" });
    expect((await auditRows("refund.request", id)).map((a) => [a.result, a.actorEmail, Number(a.amount), a.currency, a.reason, a.ip])).toEqual([["ok", "fin@example.com", 2500, "USD", "Consumer requested", "127.0.0.1"]]);
    expect((await auditRows("refund.outcome", id)).map((a) => a.result)).toEqual(["succeeded"]);
  });

  it("cancels an open authorization, and refuses to cancel one with a capture", async () => {
    const open = await charge();
    expect((await requestCancel(open, {}, key(), actorFor(finance, client))).operation).toMatchObject({ status: "succeeded", amount: 10_000 });
    // The service answers the cancel with the charge's own id: the row stays the charge, canceled,
    // with the cancel on its timeline (it used to become a "cancel" whose parent was itself).
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: open } });
    expect(row).toMatchObject({ type: "charge", status: "canceled", parentId: null, amount: 10_000n });
    const events = await db.ledgerEvent.findMany({ where: { transactionId: open } });
    // Once on its timeline: the cancel's answer and the charge's refresh are one event.
    expect(events.filter((e) => /Cancel of .* succeeded/.test(e.summary))).toHaveLength(1);
    // Even when the charge cannot be inquired right after, the row is never turned into its cancel.
    const other = await charge();
    await control("POST", "/__sandbox/faults", { fault: "error=5100", method: "GET", path_prefix: "/v1/transactions", count: 1 });
    await requestCancel(other, {}, key(), actorFor(finance, client));
    expect(await db.ledgerTransaction.findUniqueOrThrow({ where: { id: other } })).toMatchObject({ type: "charge", parentId: null });
    const captured = await charge({ capture: 4000 });
    await expect(requestCancel(captured, {}, key(), actorFor(finance, client))).rejects.toMatchObject({ code: "conflict" });
    expect((await auditRows("cancel.request", open)).map((a) => a.result)).toEqual(["ok"]);
    expect((await auditRows("cancel.request", captured)).map((a) => a.result)).toEqual(["conflict"]);
  });

  it("gives the same operation for the same key, and 422 for the same key with other parameters", async () => {
    const id = await charge({ capture: 10_000 });
    const k = key();
    const first = await requestRefund(id, { amount: 1000, reason: "product_issue" }, k, actorFor(finance, client));
    const again = await requestRefund(id, { amount: 1000, reason: "product_issue" }, k, actorFor(finance, client));
    expect(again).toMatchObject({ replayed: true, operation: { id: first.operation.id, status: "succeeded" } });
    await expect(requestRefund(id, { amount: 2000, reason: "product_issue" }, k, actorFor(finance, client))).rejects.toMatchObject({ code: "unprocessable_entity" });
    expect(await refundCount(id)).toBe(1);
  });

  it("scopes the key to its user: another user's same key is a new operation, never a look at theirs", async () => {
    const id = await charge({ capture: 10_000 });
    const k = key();
    const mine = await requestRefund(id, { amount: 1000, reason: "product_issue" }, k, actorFor(finance, client));
    const theirs = await requestRefund(id, { amount: 1000, reason: "product_issue" }, k, actorFor(finance2, client));
    expect(theirs.replayed).toBe(false);
    expect(theirs.operation.id).not.toBe(mine.operation.id);
    expect(theirs.operation.requestedBy).toBe(finance2.email);
    expect(await refundCount(id)).toBe(2);
  });

  it("turns a double submit into one refund", async () => {
    const id = await charge({ capture: 10_000 });
    const k = key();
    const results = await Promise.all(Array.from({ length: 5 }, () => requestRefund(id, { reason: "fraud" }, k, actorFor(finance, client))));
    expect(new Set(results.map((r) => r.operation.id)).size).toBe(1);
    expect(await refundCount(id)).toBe(1);
  });

  it("lets one of two people refunding the rest at once succeed and tells the other why not", async () => {
    const id = await charge({ capture: 10_000 });
    const settled = await Promise.allSettled([
      requestRefund(id, { amount: 10_000, reason: "consumer_requested" }, key(), actorFor(finance, client)),
      requestRefund(id, { amount: 10_000, reason: "consumer_requested" }, key(), actorFor(finance2, client)),
    ]);
    const ok = settled.filter((s) => s.status === "fulfilled");
    const refused = settled.filter((s) => s.status === "rejected") as PromiseRejectedResult[];
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toMatchObject({ code: "conflict", message: expect.stringMatching(/Nothing is left to refund/) });
    expect(await refundCount(id)).toBe(1);
  });

  it("refuses in the database what the amount rules forbid, whatever the code path", async () => {
    const id = await charge({ capture: 5000 });
    const insert = (amount: number) =>
      db.$executeRaw`INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status, requested_by_id, requested_by_email, updated_at)
        VALUES (gen_random_uuid(), 'refund', ${id}, ${`r-${++n}`}, ${key()}, 'x', ${amount}, 'USD', 'pending', ${finance.id}::uuid, 'x', now())`;
    await insert(3000);
    await expect(insert(2001)).rejects.toThrow(/operation_exceeds_room/);
    await insert(2000);
  });

  it("multi-captures a klarna authorization up to its last capture", async () => {
    const id = await charge({ method: "klarna", amount: 9000 });
    const one = await requestCapture(id, { amount: 3000, multiCapture: true, shipping: { vendor: "DHL", tracking: "JD0001" } }, key(), actorFor(finance, client));
    expect(one.operation.status).toBe("succeeded");
    expect((await db.ledgerTransaction.findUniqueOrThrow({ where: { id } })).status).toBe("authorized");
    expect((await operationRoom(id)).capture).toBe(6000);
    await requestCapture(id, { amount: 2000, multiCapture: true }, key(), actorFor(finance, client));
    const last = await requestCapture(id, { amount: 4000, lastCapture: true }, key(), actorFor(finance, client));
    expect(last.operation).toMatchObject({ status: "succeeded", lastCapture: true });
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
    expect([row.status, Number(row.amountCaptured)]).toEqual(["succeeded", 9000]);
    await expect(requestCapture(id, { amount: 1 }, key(), actorFor(finance, client))).rejects.toMatchObject({ code: "conflict" });
    const card = await charge();
    await expect(requestCapture(card, { amount: 1, multiCapture: true }, key(), actorFor(finance, client))).rejects.toMatchObject({ code: "unprocessable_entity" });
  });
});

describe("unclear outcomes", () => {
  it("leaves a refund whose answer was lost unknown, then reconciles it to exactly one refund", async () => {
    await updateSettings({ upiTimeoutMs: 1000 }, "test");
    const id = await charge({ capture: 10_000 });
    await control("POST", "/__sandbox/faults", { fault: "hang-after", path_prefix: "/v1/refunds", count: 1 });
    const r = await requestRefund(id, { amount: 4000, reason: "inventory_issue" }, key(), actorFor(finance, client));
    expect(r.operation).toMatchObject({ status: "unknown", message: expect.stringContaining("outcome unknown — do not retry") });
    // Still held back while unknown: nobody can refund it again meanwhile.
    expect((await operationRoom(id)).refund).toBe(6000);
    expect(await reconcileOperation(r.operation.id)).toBe("succeeded");
    const op = await db.operation.findUniqueOrThrow({ where: { id: r.operation.id } });
    expect([op.status, op.ledgerApplied, op.attempts]).toEqual(["succeeded", true, 1]);
    expect(await refundCount(id)).toBe(1);
    expect(Number((await db.ledgerTransaction.findUniqueOrThrow({ where: { id } })).amountRefunded)).toBe(4000);
    expect((await auditRows("refund.outcome", id)).map((a) => a.result)).toEqual(["unknown", "succeeded"]);
  });

  it("re-sends with the same reference when the first request never arrived, and never twice", async () => {
    await updateSettings({ upiTimeoutMs: 1000 }, "test");
    const id = await charge({ capture: 10_000 });
    await control("POST", "/__sandbox/faults", { fault: "hang", path_prefix: "/v1/refunds", count: 1 });
    const r = await requestRefund(id, { amount: 1500, reason: "consumer_requested" }, key(), actorFor(finance, client));
    expect(r.operation.status).toBe("unknown");
    // Too early: the first request could still land, so nothing is re-sent.
    expect(await reconcileOperation(r.operation.id)).toBe("unknown");
    expect(await refundCount(id)).toBe(0);
    await db.operation.update({ where: { id: r.operation.id }, data: { lastAttemptAt: new Date(Date.now() - 60_000) } });
    expect(await reconcileOperation(r.operation.id)).toBe("succeeded");
    expect(await reconcileOperation(r.operation.id)).toBe("settled");
    expect(await refundCount(id)).toBe(1);
  });

  it("settles by the 4100 guard when a re-send meets the first attempt at the service", async () => {
    await updateSettings({ upiTimeoutMs: 1000 }, "test");
    const id = await charge();
    await control("POST", "/__sandbox/faults", { fault: "reset-after", path_prefix: "/v1/cancels", count: 1 });
    const r = await requestCancel(id, {}, key(), actorFor(finance, client));
    expect(r.operation.status).toBe("unknown");
    await db.operation.update({ where: { id: r.operation.id }, data: { lastAttemptAt: new Date(Date.now() - 60_000) } });
    expect(await reconcileOperation(r.operation.id)).toBe("succeeded");
  });

  it("ends a 508 gateway error failed, with a clear message, and frees the amount", async () => {
    const id = await charge({ capture: 10_000 });
    await control("POST", "/__sandbox/faults", { fault: "error=4106", path_prefix: "/v1/refunds", count: 1 });
    const r = await requestRefund(id, { amount: 1000, reason: "consumer_requested" }, key(), actorFor(finance, client));
    expect(r.operation).toMatchObject({ status: "failed", errorCode: "4106", message: expect.stringContaining("Gateway unavailable") });
    expect(await refundCount(id)).toBe(0);
    expect((await operationRoom(id)).refund).toBe(10_000);
  });

  it("treats a 5xx as unknown, not failed", async () => {
    const id = await charge({ capture: 10_000 });
    await control("POST", "/__sandbox/faults", { fault: "error=5100", path_prefix: "/v1/refunds", count: 1 });
    const r = await requestRefund(id, { amount: 1000, reason: "consumer_requested" }, key(), actorFor(finance, client));
    expect(r.operation.status).toBe("unknown");
  });
});

describe("approvals", () => {
  it("holds a large refund for a manager, who must be someone else", async () => {
    const id = await charge({ amount: 100_000, capture: 100_000 });
    const r = await requestRefund(id, { amount: 60_000, reason: "other", note: "Goodwill" }, key(), actorFor(finance, client));
    expect(r.operation).toMatchObject({ status: "pending_approval", reason: "other", note: "Goodwill" });
    expect(await refundCount(id)).toBe(0);
    expect((await operationRoom(id)).refund).toBe(40_000);
    await expect(approveOperation(r.operation.id, { comment: "ok" }, actorFor({ ...finance, role: "manager" }, client))).rejects.toMatchObject({ code: "forbidden" });
    const approved = await approveOperation(r.operation.id, { comment: "Checked with the customer" }, actorFor(manager, client));
    expect(approved).toMatchObject({ status: "succeeded", decidedBy: "mgr@example.com", decisionComment: "Checked with the customer" });
    expect(await refundCount(id)).toBe(1);
    await expect(approveOperation(r.operation.id, { comment: "again" }, actorFor(manager, client))).rejects.toMatchObject({ code: "conflict" });
    expect((await auditRows("refund.approve", id)).map((a) => a.result)).toEqual(["denied", "ok", "conflict"]);
  });

  it("uses the percentage rule, and checks the amount again at approval", async () => {
    await updateSettings({ refundApprovalThresholds: { USD: 1_000_000 }, refundApprovalPercent: 50 }, "test");
    const id = await charge({ amount: 10_000, capture: 10_000 });
    // Exactly 50 % is not above it; a second half makes 100 % of the charge, which is.
    expect((await requestRefund(id, { amount: 5000, reason: "fraud" }, key(), actorFor(finance, client))).operation.status).toBe("succeeded");
    const big = await requestRefund(id, { amount: 5000, reason: "fraud" }, key(), actorFor(finance, client));
    expect(big.operation.status).toBe("pending_approval");
    const id2 = await charge({ amount: 10_000, capture: 10_000 });
    const held = await requestRefund(id2, { amount: 6000, reason: "fraud" }, key(), actorFor(finance, client));
    expect(held.operation.status).toBe("pending_approval");
    // Money left another way meanwhile; the ledger learns of it on refresh.
    await upi("POST", "/v1/refunds", { id: id2, reference: `direct-${++n}`, amount: 5000 });
    await refreshTransaction(id2, actorFor(finance));
    await expect(approveOperation(held.operation.id, { comment: "fine" }, actorFor(manager, client))).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("Only $50.00 is left") });
    const rejected = await rejectOperation(held.operation.id, { comment: "Too late, refunded directly" }, actorFor(manager, client));
    expect(rejected).toMatchObject({ status: "rejected", message: expect.stringContaining("Too late") });
    expect((await operationRoom(id2)).refund).toBe(5000);
  });
});
