import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { importTransaction } from "@/lib/ledger/service";
import { updateSettings } from "@/lib/platform/settings/service";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { requestRefund } from "./request";
import { approvalsPage } from "./approvals";
import { upi, setUpSandbox } from "@/test/operations-harness";
import { staffOf } from "@/test/staff";

// Maker-checker cannot be split around: the rule counts everything on the charge, and a
// currency without a threshold needs approval (issue 17, item 3).
const finance: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-000000000011",
  email: "fin-a@example.com",
  name: "Fin A",
  role: "finance",
});
const finance2: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-000000000012",
  email: "fin-b@example.com",
  name: "Fin B",
  role: "finance",
});
const client = { ip: "127.0.0.1", userAgent: "vitest" };
let n = 0;
const key = () => `approval-${Date.now()}-${++n}`;
const refund = (id: string, amount: number, who = finance) =>
  requestRefund(id, { amount, reason: "consumer_requested" }, key(), actorFor(who, client));

/** A captured card charge created at the sandbox and imported into the ledger. */
async function captured(amount: number, currency = "USD") {
  const c = await upi("POST", "/v1/charges", {
    transaction: { reference: `order-${Date.now()}-${++n}`, amount, currency, country: "US", auto_capture: true },
    payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
  });
  await importTransaction(c.id, actorFor(finance));
  return c.id as string;
}

setUpSandbox();
beforeEach(async () => {
  await db.operation.deleteMany();
  await db.ledgerTransaction.deleteMany();
  await db.setting.deleteMany();
  await updateSettings({ refundApprovalThresholds: { USD: 50_000 }, refundApprovalPercent: null }, "test");
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
});

describe("refund approval counts the whole charge", () => {
  it("holds the second of two refunds that together pass the threshold", async () => {
    const id = await captured(100_000);
    expect((await refund(id, 30_000)).operation.status).toBe("succeeded");
    // 30,000 refunded + 30,000 asked = 60,000 > 50,000: a manager decides.
    expect((await refund(id, 30_000)).operation.status).toBe("pending_approval");
  });

  it("counts a refund waiting for approval, so a small one cannot slip past it", async () => {
    const id = await captured(100_000);
    expect((await refund(id, 60_000)).operation.status).toBe("pending_approval");
    expect((await refund(id, 1_000)).operation.status).toBe("pending_approval");
  });

  it("applies the percentage rule to the charge's total as well", async () => {
    await updateSettings({ refundApprovalThresholds: { USD: 1_000_000 }, refundApprovalPercent: 50 }, "test");
    const id = await captured(10_000);
    expect((await refund(id, 4_000)).operation.status).toBe("succeeded");
    expect((await refund(id, 2_000)).operation.status).toBe("pending_approval");
  });

  it("lets two refunds racing from two sessions skip approval at most once", async () => {
    const id = await captured(100_000);
    const both = await Promise.all([refund(id, 30_000, finance), refund(id, 30_000, finance2)]);
    const statuses = both.map((r) => r.operation.status).sort();
    expect(statuses).toEqual(["pending_approval", "succeeded"]);
  });

  it("requires approval in a currency the thresholds do not list (the safe default)", async () => {
    const id = await captured(10_000, "EUR");
    expect((await refund(id, 100)).operation.status).toBe("pending_approval");
  });

  it("still lets small refunds under a listed threshold go out at once", async () => {
    const id = await captured(100_000);
    expect((await refund(id, 10_000)).operation.status).toBe("succeeded");
    expect((await refund(id, 10_000)).operation.status).toBe("succeeded");
  });
});

describe("the approvals queue", () => {
  it("shows, per waiting refund, what is left on its charge counting the others waiting but not itself", async () => {
    const id = await captured(100_000);
    const first = (await refund(id, 60_000)).operation;
    const second = (await refund(id, 30_000, finance2)).operation;
    const { approvals } = await approvalsPage({ limit: 50 }, { email: "manager@example.com" });
    const left = new Map(approvals.map((a) => [a.op.id, a.left]));
    expect(left.get(first.id)).toBe(70_000);
    expect(left.get(second.id)).toBe(40_000);
  });
});
