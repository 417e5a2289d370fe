import { afterAll, beforeAll, beforeEach } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { serverToken } from "@/sandbox/dev-client";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { importTransaction } from "@/lib/ledger/service";
import { updateSettings } from "@/lib/platform/settings/service";
import { stopBoss } from "@/lib/platform/jobs/boss";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { staffOf } from "@/test/staff";

// What the operations tests share: a sandbox per file, charges made at it and imported, and
// people to act as. Not a test file itself.

let sandbox: Sandbox;
let token: string;
export const finance: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-000000000001",
  email: "fin@example.com",
  name: "Fin",
  role: "finance",
});
export const finance2: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-000000000002",
  email: "fin2@example.com",
  name: "Fin Two",
  role: "finance",
});
export const manager: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-000000000003",
  email: "mgr@example.com",
  name: "Mgr",
  role: "manager",
});
export const client = { ip: "127.0.0.1", userAgent: "vitest" };
let n = 0;
export const next = () => ++n;
export const key = () => `key-${Date.now()}-${++n}`;

export async function upi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()).data;
}
/** This file's sandbox, for a process of its own to talk to (test/batch-sender.ts). */
export const sandboxUrl = () => sandbox.url;
export const control = (method: string, path: string, body?: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });

/** A charge created straight at the sandbox and imported into the ledger. */
export async function charge(o: { amount?: number; currency?: string; method?: string; capture?: number } = {}) {
  const method = o.method ?? "card";
  const c = await upi("POST", "/v1/charges", {
    transaction: {
      reference: `order-${Date.now()}-${++n}`,
      amount: o.amount ?? 10_000,
      currency: o.currency ?? "USD",
      country: "US",
      auto_capture: false,
    },
    payment: {
      method,
      ...(method === "card" ? { data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } } : {}),
    },
  });
  if (c.status === "initiated") await control("POST", `/__sandbox/payments/${c.id}/complete`);
  if (o.capture)
    await upi("POST", "/v1/captures", {
      id: c.id,
      reference: `cap-${Date.now()}-${++n}`,
      transaction_amount: o.capture,
    });
  await importTransaction(c.id, actorFor(finance));
  return c.id as string;
}
const sandboxRefunds = async (id: string) =>
  (await upi("GET", `/v1/transactions/${id}`)).refunds as { data?: unknown[] } | unknown[];
export const refundCount = async (id: string) => {
  const r = await sandboxRefunds(id);
  return (Array.isArray(r) ? r : (r.data ?? [])).length;
};
// The audit log is append-only, so each test reads only the rows about its own charge.
export const auditRows = (action: string, targetId: string) =>
  db.auditLog.findMany({ where: { action, targetId }, orderBy: { id: "asc" } });

/** A sandbox for this test file; the tests reconcile by hand (no first check within the hour). */
export function setUpSandbox() {
  beforeAll(async () => {
    sandbox = await startSandbox({ dataDir: null });
    overrideConfigForTests({
      UPI_BASE_URL: sandbox.url,
      CUSTOMS_BASE_URL: sandbox.url,
      RECONCILE_FIRST_CHECK_SECONDS: "3600",
    });
    token = await serverToken(sandbox.url);
  });
  afterAll(async () => {
    await stopBoss();
    await sandbox.close();
  });
}

/** No operations, charges or faults left from another test; refunds over USD 500.00 wait for a manager. */
export function freshEachTest() {
  beforeEach(async () => {
    await db.operation.deleteMany();
    await db.ledgerTransaction.deleteMany();
    await db.setting.deleteMany();
    await updateSettings(
      { upiTimeoutMs: 15_000, refundApprovalThresholds: { USD: 50_000 }, refundApprovalPercent: null },
      "test",
    );
    await db.secret.deleteMany();
    await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
    await control("DELETE", "/__sandbox/faults");
  });
}
