import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/config";
import { db } from "@/lib/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { serverToken } from "@/sandbox/dev-client";
import { SECRET_NAMES, writeSecret } from "@/lib/secrets/store";
import { importTransaction } from "@/lib/ledger/service";
import { stopBoss } from "@/lib/jobs/boss";
import { updateSettings } from "@/lib/settings/service";
import { actorFor, type StaffUser } from "@/lib/auth/actor";
import { budget, declarationProblems } from "./rules";
import { declarationSchema } from "./schemas";
import { createDeclaration, followSubOrders, inquireDeclaration, processDeclaration, resubmitSubOrder } from "./service";
import { bulkDeclare } from "./bulk";

let sandbox: Sandbox;
let token: string;
/**
 * Between the console and the sandbox: counts the declarations that reach Customs, and can
 * play a gateway that forwards one and then answers a 502 HTML page (applied, no JSON).
 */
let gateway: Server;
let gatewayUrl: string;
let declareCalls = 0;
let htmlAfterNextDeclare = false;
/** Answers the inquiries after the first late (asked at once, answered after a while): a slow reader. */
let slowInquiriesAfterFirst = 0;
let inquiries = 0;
const ops: StaffUser = { id: "00000000-0000-4000-8000-000000000005", email: "ops@example.com", name: "Ops", role: "ops" };
const client = { ip: "127.0.0.1", userAgent: "vitest" };
let n = 0;
const uid = (p: string) => `${p}-${Date.now()}-${++n}`;
const base = { merchantCustomsCode: "1234567890", merchantCustomsName: "Demo Trading", customsLocation: "HANGZHOU" };

/** A paid charge at the sandbox, in the ledger. */
async function paid(o: { amount: number; currency: string; method: string }) {
  const res = await fetch(`${sandbox.url}/v1/charges`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ transaction: { reference: uid("order"), amount: o.amount, currency: o.currency, country: "CN", auto_capture: true }, payment: { method: o.method, ...(o.method === "card" ? { data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } } : {}) } }),
  });
  const c = (await res.json()).data;
  if (c.status === "initiated") await fetch(`${sandbox.url}/__sandbox/payments/${c.id}/complete`, { method: "POST" });
  await importTransaction(c.id, actorFor(ops));
  return c as { id: string; reference: string };
}
const declare = async (input: Record<string, unknown>, key = uid("key")) => {
  const r = await createDeclaration(declarationSchema.parse({ ...base, ...input }), key, actorFor(ops, client));
  await processDeclaration(r.declaration.id);
  return r;
};
const view = (id: string) => db.customsDeclaration.findUniqueOrThrow({ where: { id }, include: { subOrders: { orderBy: { createdAt: "asc" } } } });

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: null });
  gateway = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const declaring = req.url?.startsWith("/chinacustoms/declare") ?? false;
    if (declaring) declareCalls++;
    const up = await fetch(`${sandbox.url}${req.url}`, { method: req.method, headers: { authorization: String(req.headers.authorization ?? ""), "content-type": String(req.headers["content-type"] ?? "") }, body: req.method === "GET" ? undefined : Buffer.concat(chunks) });
    const text = await up.text();
    if (req.url?.startsWith("/chinacustoms/inquire") && slowInquiriesAfterFirst && ++inquiries > 1) await new Promise((r) => setTimeout(r, slowInquiriesAfterFirst));
    if (declaring && htmlAfterNextDeclare) {
      htmlAfterNextDeclare = false;
      res.writeHead(502, { "content-type": "text/html" }).end("<html><body><h1>502 Bad Gateway</h1></body></html>");
      return;
    }
    res.writeHead(up.status, { "content-type": up.headers.get("content-type") ?? "application/json" }).end(text);
  });
  await new Promise<void>((r) => gateway.listen(0, "127.0.0.1", r));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`;
  overrideConfigForTests({ UPI_BASE_URL: sandbox.url, CUSTOMS_BASE_URL: gatewayUrl });
  await updateSettings({ customsBaseUrl: gatewayUrl }, "test");
  token = await serverToken(sandbox.url);
});
afterAll(async () => {
  await db.setting.deleteMany({ where: { key: "customsBaseUrl" } }); // the gateway closes with this file
  await stopBoss();
  await sandbox.close();
  await new Promise((r) => gateway.close(r));
});
beforeEach(async () => {
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
  await writeSecret(SECRET_NAMES.customsToken, "ct_sandbox_default");
  await fetch(`${sandbox.url}/__sandbox/faults`, { method: "DELETE" });
  htmlAfterNextDeclare = false;
  slowInquiriesAfterFirst = 0;
  inquiries = 0;
});
const fault = (rule: string) => fetch(`${sandbox.url}/__sandbox/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ fault: rule, path_prefix: "/chinacustoms/declare", count: 1 }) });
/** Customs needs a moment to show a late submission: an unknown sub-order is settled by inquiry a minute on. */
const aMinuteOn = (subId: string) => db.$executeRaw`UPDATE customs_sub_orders SET updated_at = updated_at - interval '61 seconds' WHERE id = ${subId}::uuid`;
const other: StaffUser = { id: "00000000-0000-4000-8000-000000000006", email: "ops2@example.com", name: "Ops Two", role: "ops" };

describe("declaration rules", () => {
  const parent = { currency: "USD", amount: 10_000, cnyFen: 71_000, method: "wechatpay" };
  it("checks upop, split and wechatpay fee rules, and the budget", () => {
    expect(declarationProblems({ vendor: "upop", paymentType: "InStore", isSplit: false, subOrders: [], upop: null }, parent)).toEqual([
      "UnionPay (upop) declarations support only CNY transactions; this payment is in USD.",
      "upop accepts only the Hosted and Online payment types.",
      "upop needs the buyer's name and ID number.",
    ]);
    const subs = [{ subOrderNo: "A", orderFee: 50_000, transportFee: 1000, productFee: 49_000 }, { subOrderNo: "B", orderFee: 30_000, transportFee: 0, productFee: 20_000 }];
    expect(budget(subs, parent)).toEqual({ used: 80_000, cap: 71_000, left: -9000, over: true });
    const problems = declarationProblems({ vendor: "wechatpay", paymentType: "Online", isSplit: true, subOrders: subs }, parent);
    expect(problems).toContain("Sub-order 2 (B): the order fee (CN¥300.00) must equal transport fee + product fee (CN¥200.00).");
    expect(problems.at(-1)).toBe("The sub-orders add up to CN¥800.00, more than the order's CN¥710.00.");
  });
});

describe("declarations against the sandbox", () => {
  it("declares a wechatpay split order with fees, budgeted against the CNY amount from the inquiry", async () => {
    const c = await paid({ amount: 10_000, currency: "USD", method: "wechatpay" });
    const { declaration } = await declare({
      transactionId: c.id, vendor: "wechatpay", paymentType: "Online", isSplit: true,
      subOrders: [{ subOrderNo: `${c.reference}-1`, orderFee: 40_000, transportFee: 2000, productFee: 38_000 }, { subOrderNo: `${c.reference}-2`, orderFee: 31_000, transportFee: 1000, productFee: 30_000 }],
    });
    expect(declaration.parentCnyFen).toBe(71_000);
    const d = await view(declaration.id);
    expect(d.subOrders.map((s) => [s.state, !!s.declareNumber, s.customsStatus, s.vendorRequest])).toEqual([["submitted", true, "SUBMITTED", null], ["submitted", true, "SUBMITTED", null]]);
    // One fen more than the budget is refused before anything is sent.
    await expect(declare({ transactionId: c.id, vendor: "wechatpay", paymentType: "Online", isSplit: true, subOrders: [{ subOrderNo: "x", orderFee: 71_001, transportFee: 1, productFee: 71_000 }] })).rejects.toMatchObject({ code: "unprocessable_entity" });
  });

  it("declares an alipay order, keeps the vendor request and response, and refuses upop for a non-CNY payment", async () => {
    const c = await paid({ amount: 5000, currency: "EUR", method: "alipay" });
    const { declaration } = await declare({ reference: c.reference, vendor: "alipay", paymentType: "Hosted" });
    const d = await view(declaration.id);
    expect(d.subOrders[0]).toMatchObject({ subOrderNo: c.reference, state: "submitted" });
    expect(d.subOrders[0]!.vendorRequest).toBeTruthy();
    await expect(declare({ reference: c.reference, vendor: "upop", paymentType: "Online", upop: { buyerName: "Li Lei", idNumber: "110101199003070000" } })).rejects.toMatchObject({ message: expect.stringContaining("only CNY") });
  });

  it("gives one declaration per sub-order on a double submit, and keeps the upop ID number sealed", async () => {
    const c = await paid({ amount: 8800, currency: "CNY", method: "upop" });
    const key = uid("key");
    const input = { transactionId: c.id, vendor: "upop", paymentType: "Online", upop: { buyerName: "Li Lei", idNumber: "110101199003071234" } };
    const [a, b] = await Promise.all([declare(input, key), declare(input, key)]);
    expect(a.declaration.id).toBe(b.declaration.id);
    expect(await db.customsSubOrder.count({ where: { declarationId: a.declaration.id } })).toBe(1);
    const d = await view(a.declaration.id);
    expect([d.idNumberMasked, d.subOrders[0]!.state, d.subOrders[0]!.identityCheck]).toEqual(["**************1234", "submitted", "PASS"]);
    const dump = JSON.stringify(await db.$queryRaw`SELECT row_to_json(x)::text FROM customs_declarations x`);
    expect(dump).not.toContain("110101199003071234");
  });

  it("corrects a wrong sub-order number by resubmission with spec fields, keeps the history, and counts the corrected one as Customs does", async () => {
    const c = await paid({ amount: 20_000, currency: "CNY", method: "alipay" });
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online", isSplit: true, subOrders: [{ subOrderNo: `${c.reference}-wrong`, orderFee: 8000 }] });
    const wrong = (await view(declaration.id)).subOrders[0]!;
    await resubmitSubOrder(declaration.id, wrong.id, { subOrderNo: `${c.reference}-right` }, actorFor(ops, client));
    const d = await view(declaration.id);
    expect(d.subOrders.map((s) => [s.subOrderNo.split("-").at(-1), s.state])).toEqual([["wrong", "corrected"], ["right", "submitted"]]);
    expect(d.subOrders[1]!.correctsId).toBe(wrong.id);
    // Customs still holds the wrong one's 80.00 and the right one's 80.00: 40.00 is left, so
    // a third sub-order of 50.00 is refused before it is sent, naming what is left.
    const right = d.subOrders[1]!;
    const before = declareCalls;
    await expect(resubmitSubOrder(declaration.id, right.id, { subOrderNo: `${c.reference}-again`, orderFee: 5000 }, actorFor(ops, client))).rejects.toMatchObject({
      code: "unprocessable_entity", message: expect.stringContaining("CN¥40.00 is left of its CN¥200.00"),
    });
    expect(declareCalls).toBe(before);
    await fetch(`${sandbox.url}/__sandbox/clock/advance`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seconds: 31 * 60 }) });
    const { declaration: after } = await inquireDeclaration(declaration.id, actorFor(ops, client));
    expect(after.subOrders.find((s) => s.state === "submitted")?.customsStatus).toBe("SUCCESS");
  });

  it("refuses a correction whose total Customs would refuse (B3), before sending it", async () => {
    const c = await paid({ amount: 20_000, currency: "CNY", method: "alipay" });
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online", isSplit: true, subOrders: [{ subOrderNo: `${c.reference}-wrong`, orderFee: 20_000 }] });
    const wrong = (await view(declaration.id)).subOrders[0]!;
    const before = declareCalls;
    await expect(resubmitSubOrder(declaration.id, wrong.id, { subOrderNo: `${c.reference}-right` }, actorFor(ops, client))).rejects.toMatchObject({
      code: "unprocessable_entity", message: expect.stringContaining("CN¥0.00 is left of its CN¥200.00"),
    });
    expect(declareCalls).toBe(before);
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["submitted"]);
  });

  it("follows a live sub-order with back-off until Customs gives a final status", async () => {
    const c = await paid({ amount: 4000, currency: "CNY", method: "alipay" });
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    // First check a minute after submission, not at once.
    expect(sub.nextCheckAt!.getTime() - sub.submittedAt!.getTime()).toBeGreaterThanOrEqual(59_000);
    const due = () => db.customsSubOrder.update({ where: { id: sub.id }, data: { nextCheckAt: new Date(Date.now() - 1000) } });
    await due();
    await fetch(`${sandbox.url}/__sandbox/clock/advance`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seconds: 11 * 60 }) });
    await followSubOrders();
    let s = (await view(declaration.id)).subOrders[0]!;
    expect([s.customsStatus, s.checks, !!s.checkedAt]).toEqual(["PROCESSING", 1, true]);
    expect(s.nextCheckAt!.getTime() - s.checkedAt!.getTime()).toBeGreaterThanOrEqual(299_000); // then 5 min
    await due();
    await fetch(`${sandbox.url}/__sandbox/clock/advance`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seconds: 20 * 60 }) });
    await followSubOrders();
    s = (await view(declaration.id)).subOrders[0]!;
    expect([s.customsStatus, s.checks, s.nextCheckAt]).toEqual(["SUCCESS", 2, null]); // final: no more checks
  });

  it("declares from a CSV, checking every row first and sending only the valid ones", async () => {
    const good = await paid({ amount: 30_000, currency: "CNY", method: "wechatpay" });
    const csv = [
      "reference,vendor,payment_type,customs_location,sub_order_no,order_fee,transport_fee,product_fee",
      `${good.reference},wechatpay,Online,HANGZHOU,${good.reference}-a,200.00,10.00,190.00`,
      `${good.reference},wechatpay,Online,HANGZHOU,${good.reference}-b,100.00,5.00,95.00`,
      "no-such-order,alipay,Hosted,HANGZHOU,,,,",
    ].join("\n");
    const result = await bulkDeclare(csv, { merchantCustomsCode: "1234567890", merchantCustomsName: "Demo Trading" }, actorFor(ops, client));
    expect(result.rows.map((r) => [r.line, r.ok])).toEqual([[2, true], [3, true], [4, false]]);
    expect(result.rows[2]!.problems[0]).toContain("No payment with reference no-such-order");
    expect(result.sent).toBe(1);
    await processDeclaration(result.rows[0]!.declarationId!);
    expect((await view(result.rows[0]!.declarationId!)).subOrders.map((s) => s.state)).toEqual(["submitted", "submitted"]);
  });
});

describe("declaring an order once", () => {
  it("takes a 5xx answer to a declaration as unknown, and the inquiry settles it", async () => {
    const c = await paid({ amount: 6000, currency: "CNY", method: "alipay" });
    await fault("error-after=5100"); // applied at Customs, then HTTP 500
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["unknown"]);
    const { declaration: after } = await inquireDeclaration(declaration.id, actorFor(ops, client));
    expect(after.subOrders.map((s) => [s.state, !!s.declareNumber])).toEqual([["submitted", true]]);
  });

  it("takes a non-JSON gateway answer as unknown, and a resubmit inquires instead of declaring twice", async () => {
    const c = await paid({ amount: 7000, currency: "CNY", method: "alipay" });
    htmlAfterNextDeclare = true;
    const before = declareCalls;
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    expect([sub.state, declareCalls - before]).toEqual(["unknown", 1]);
    await aMinuteOn(sub.id);
    await expect(resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo }, actorFor(ops, client))).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("nothing was sent again") });
    expect(declareCalls - before).toBe(1);
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["submitted"]);
  });

  it("sends an unknown sub-order again only once the inquiry shows Customs never got it", async () => {
    const c = await paid({ amount: 8000, currency: "CNY", method: "alipay" });
    await fault("error=5100"); // not applied, HTTP 500
    const before = declareCalls;
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    expect(sub.state).toBe("unknown");
    await aMinuteOn(sub.id);
    const after = await resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo }, actorFor(ops, client));
    expect(after.subOrders.map((s) => s.state)).toEqual(["submitted"]);
    expect(declareCalls - before).toBe(2);
  });

  it("refuses a second declaration of an order already declared, unless the first one failed", async () => {
    const c = await paid({ amount: 9000, currency: "CNY", method: "alipay" });
    const first = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    await expect(declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" })).rejects.toMatchObject({ code: "conflict", details: { declarationId: first.declaration.id } });
    expect(await db.customsDeclaration.count({ where: { reference: c.reference } })).toBe(1);

    const d = await paid({ amount: 9100, currency: "CNY", method: "alipay" });
    // A definite refusal (B1, a coded answer): Customs has nothing. A refusal without a code
    // (the sandbox's generic fail envelope) is no verdict and stays unknown.
    await writeSecret(SECRET_NAMES.customsToken, "ct_wrong");
    const failed = await declare({ transactionId: d.id, vendor: "alipay", paymentType: "Online" });
    expect((await view(failed.declaration.id)).subOrders[0]!).toMatchObject({ state: "failed", errorCode: "B1" });
    await writeSecret(SECRET_NAMES.customsToken, "ct_sandbox_default");
    const again = await declare({ transactionId: d.id, vendor: "alipay", paymentType: "Online" });
    expect((await view(again.declaration.id)).subOrders[0]!.state).toBe("submitted");
  });

  it("checks the order's CNY amount against every live sub-order already declared for it, under a lock", async () => {
    const c = await paid({ amount: 10_000, currency: "CNY", method: "wechatpay" });
    const split = (vendor: string, no: string, fee: number) => ({
      transactionId: c.id, vendor, paymentType: "Online", isSplit: true,
      subOrders: [{ subOrderNo: `${c.reference}-${no}`, orderFee: fee, ...(vendor === "wechatpay" ? { transportFee: 0, productFee: fee } : {}) }],
    });
    await declare(split("wechatpay", "a", 6000));
    // Another declaration of the same order (another vendor): alone it fits, with the first it does not.
    const before = declareCalls;
    await expect(declare(split("alipay", "b", 5000))).rejects.toMatchObject({ code: "unprocessable_entity", message: expect.stringContaining("CN¥40.00 is left of its CN¥100.00") });
    expect(declareCalls).toBe(before);
    // Two at once that each fit the rest but not together: one passes.
    const d = await paid({ amount: 10_000, currency: "CNY", method: "alipay" });
    const one = (vendor: string, no: string) => createDeclaration(declarationSchema.parse({ ...base, transactionId: d.id, vendor, paymentType: "Online", isSplit: true, subOrders: [{ subOrderNo: `${d.reference}-${no}`, orderFee: 6000, ...(vendor === "wechatpay" ? { transportFee: 0, productFee: 6000 } : {}) }] }), uid("key"), actorFor(ops, client));
    const results = await Promise.allSettled([one("alipay", "x"), one("wechatpay", "y")]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    // A failed declaration (a definite, coded refusal: B1) holds nothing.
    const e = await paid({ amount: 10_000, currency: "CNY", method: "alipay" });
    await writeSecret(SECRET_NAMES.customsToken, "ct_wrong");
    const refused = await declare({ transactionId: e.id, vendor: "alipay", paymentType: "Online" });
    expect((await view(refused.declaration.id)).subOrders[0]!.state).toBe("failed");
    await writeSecret(SECRET_NAMES.customsToken, "ct_sandbox_default");
    expect((await declare({ transactionId: e.id, vendor: "wechatpay", paymentType: "Online" })).declaration.subOrders[0]!.state).toBe("pending");
  });

  it("answers 422 for the same key with another body, and scopes keys to their creator", async () => {
    const c = await paid({ amount: 5000, currency: "CNY", method: "alipay" });
    const key = uid("key");
    const first = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" }, key);
    await expect(declare({ transactionId: c.id, vendor: "alipay", paymentType: "Hosted" }, key)).rejects.toMatchObject({ code: "unprocessable_entity" });
    expect((await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" }, key))).toMatchObject({ replayed: true, declaration: { id: first.declaration.id } });
    const theirs = await createDeclaration(declarationSchema.parse({ ...base, transactionId: c.id, vendor: "alipay", paymentType: "Online" }), key, actorFor(other, client)).catch((e) => e);
    expect(theirs).toMatchObject({ code: "conflict" });
  });

  it("derives a bulk file's keys from its rows: the same file again declares nothing twice", async () => {
    const c = await paid({ amount: 12_000, currency: "CNY", method: "alipay" });
    const csv = ["reference,vendor,payment_type,customs_location", `${c.reference},alipay,Online,HANGZHOU`].join("\n");
    const defaults = { merchantCustomsCode: "1234567890", merchantCustomsName: "Demo Trading" };
    const first = await bulkDeclare(csv, defaults, actorFor(ops, client));
    await processDeclaration(first.rows[0]!.declarationId!);
    const before = declareCalls;
    const second = await bulkDeclare(csv, defaults, actorFor(ops, client));
    expect(second.rows).toEqual([expect.objectContaining({ ok: true, replayed: true, declarationId: first.rows[0]!.declarationId })]);
    expect(second.sent).toBe(0);
    expect(declareCalls).toBe(before);
    expect(await db.customsDeclaration.count({ where: { reference: c.reference } })).toBe(1);
  });

  it("refuses to settle an unknown sub-order within a minute: Customs may not show it yet", async () => {
    const c = await paid({ amount: 8200, currency: "CNY", method: "alipay" });
    await fault("error-after=5100"); // applied at Customs, then HTTP 500: an early B2 would be wrong
    const before = declareCalls;
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    expect(sub.state).toBe("unknown");
    await expect(resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo }, actorFor(ops, client))).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("still being checked") });
    expect(declareCalls - before).toBe(1);
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["unknown"]);
  });

  it("does not let an early 'no record' (B2) inquiry mark an unknown sub-order failed", async () => {
    const c = await paid({ amount: 8300, currency: "CNY", method: "alipay" });
    await fault("error=5100"); // not applied: Customs answers B2 — but only a minute on is that a verdict
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const { errors } = await inquireDeclaration(declaration.id, actorFor(ops, client));
    expect(errors.join(" ")).toContain("still being checked");
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["unknown"]);
  });

  it("refuses to send a submitted sub-order again under the same number (alipay amounts add up)", async () => {
    const c = await paid({ amount: 8400, currency: "CNY", method: "alipay" });
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    expect(sub.state).toBe("submitted");
    const before = declareCalls;
    await expect(resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo }, actorFor(ops, client))).rejects.toMatchObject({ code: "conflict" });
    expect(declareCalls).toBe(before);
  });

  it("sends an unknown sub-order once when two resubmits race, however late the second inquiry answers", async () => {
    const c = await paid({ amount: 8500, currency: "CNY", method: "alipay" });
    await fault("error=5100"); // not applied, HTTP 500: unknown, and Customs has no record (B2)
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    await aMinuteOn(sub.id);
    // Both resubmits read "unknown" and inquire; the second one's "no record" arrives after
    // the first has already settled the sub-order and sent it again.
    slowInquiriesAfterFirst = 500;
    const before = declareCalls;
    const outcomes = await Promise.all([0, 1].map(() => resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo }, actorFor(ops, client)).then(() => "ok", (e) => e.code as string)));
    expect(declareCalls - before).toBe(1);
    expect(outcomes.sort()).toEqual(["conflict", "ok"]);
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["submitted"]);
  });
});
