import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { importTransaction } from "@/lib/ledger/service";
import { updateSettings } from "@/lib/platform/settings/service";
import { stopBoss } from "@/lib/platform/jobs/boss";
import { requestCancel, requestRefund } from "@/lib/operations/request";
import { operationRoom } from "@/lib/operations/room";
import { createCharge } from "@/lib/charges/service";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { staffOf } from "@/test/staff";

// The console against answers shaped exactly as the provider's own sandbox was recorded
// giving them (not our sandbox): fail envelopes with HTTP 406 and 400, a cancel answered
// with the charge's own id, a desktop redirect and qr link, times in seconds. The ledger
// must end right, not merely parse.
const finance: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000000c1",
  email: "contract@example.com",
  name: "Contract",
  role: "finance",
});
const client = { ip: "127.0.0.1", userAgent: "vitest" };
const CHARGE_ID = "2021081409474300000011";
const T0 = 1628934463; // 2021-08-14T09:47:43Z, seconds
const ENVELOPE = { app: "service_upi", version: "v1.0.0" };
let server: Server;
let base: string;
let chargeStatus: "authorized" | "canceled" | "succeeded" = "authorized";
const seen: { method: string; path: string; body: unknown }[] = [];

const recordedCharge = () => ({
  object: "charge",
  id: CHARGE_ID,
  reference: "order-recorded-1",
  amount: 12_000,
  amount_captured: chargeStatus === "succeeded" ? 12_000 : null,
  amount_refunded: chargeStatus === "succeeded" ? 0 : null,
  amount_authorized_remaining: chargeStatus === "authorized" ? 12_000 : 0,
  currency: "USD",
  country: "US",
  time_created: T0,
  time_captured: chargeStatus === "succeeded" ? T0 + 30 : null,
  time_canceled: chargeStatus === "canceled" ? T0 + 60 : null,
  expiry: T0 + 7 * 86400,
  auto_capture: false,
  status: chargeStatus,
  exchange: null,
  payment: { method: "card", type: "visa", token: "", data: { pan: "411111******1111", expiry: "12/30" } },
  captures: { data: [] },
  refunds: { data: [] },
  chargebacks: { data: [] },
});

function answer(req: IncomingMessage, body: Record<string, unknown> | null): [number, unknown] {
  const path = req.url ?? "";
  if (path === "/v1/access-tokens") {
    return [
      200,
      {
        status: "success",
        data: {
          access_token: "recorded-token",
          token_type: "server",
          expiry: T0 + 10 * 365 * 86400,
          permission: ["inquiry", "charge", "vault", "consult", "encryption-config", "refund", "capture"],
        },
        ...ENVELOPE,
      },
    ];
  }
  if (path === `/v1/transactions/${CHARGE_ID}`)
    return [200, { status: "success", data: recordedCharge(), ...ENVELOPE }];
  if (path === "/v1/refunds") {
    if (String(body?.reference).startsWith("dup"))
      return [400, { status: "fail", data: { code: "4100", message: "duplicate request" }, ...ENVELOPE }];
    return [406, { status: "fail", data: { code: "4202", message: "refund failed" }, ...ENVELOPE }];
  }
  if (path === "/v1/cancels") {
    chargeStatus = "canceled";
    return [
      200,
      {
        status: "success",
        data: {
          object: "cancel",
          id: CHARGE_ID,
          reference: body?.reference,
          amount: 12_000,
          currency: "USD",
          country: "US",
          time_created: T0 + 60,
          status: "canceled",
          payment: { method: "card", type: "", data: { pan: "" } },
        },
        ...ENVELOPE,
      },
    ];
  }
  if (path === "/v1/charges") {
    const reference = (body?.transaction as { reference?: string } | undefined)?.reference;
    return [
      200,
      {
        status: "success",
        data: {
          object: "charge",
          id: "2021081409474300000022",
          reference,
          amount: 5000,
          currency: "USD",
          country: "US",
          time_created: T0,
          time_captured: null,
          auto_capture: true,
          status: "initiated",
          exchange: null,
          charge_token: "chg_recorded",
          payment: {
            method: "alipay",
            client: [
              { client: "desktop", format: "redirect", method: "GET", content: "https://pay.example/redirect/abc" },
              { client: "desktop", format: "qr", method: "GET", content: "https://pay.example/qr/abc" },
            ],
          },
        },
        ...ENVELOPE,
      },
    ];
  }
  return [404, { status: "fail", data: { code: "4103", message: "not found" }, ...ENVELOPE }];
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      seen.push({ method: req.method ?? "", path: req.url ?? "", body });
      const [status, json] = answer(req, body);
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  overrideConfigForTests({ UPI_BASE_URL: base, RECONCILE_FIRST_CHECK_SECONDS: "3600" });
});
afterAll(async () => {
  await stopBoss();
  server.close();
  await db.setting.deleteMany(); // a base URL of a closed server would fail the next file's calls
});
beforeEach(async () => {
  chargeStatus = "authorized";
  await db.operation.deleteMany();
  await db.ledgerTransaction.deleteMany();
  await db.setting.deleteMany();
  await updateSettings(
    { upiBaseUrl: base, refundApprovalThresholds: { USD: 1_000_000 }, refundApprovalPercent: null },
    "test",
  );
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, "sk_recorded");
});

describe("recorded answers of the real service", () => {
  it("imports a charge whose times are seconds", async () => {
    const detail = await importTransaction(CHARGE_ID, actorFor(finance));
    expect(detail).toMatchObject({
      type: "charge",
      status: "authorized",
      amount: 12_000,
      remainingToCapture: 12_000,
      timeCreated: "2021-08-14T09:47:43.000Z",
    });
  });

  it("a refund refused with HTTP 406 / 4202 ends failed, with nothing refunded and nothing held back", async () => {
    chargeStatus = "succeeded";
    await importTransaction(CHARGE_ID, actorFor(finance));
    const result = await requestRefund(
      CHARGE_ID,
      { amount: 100, reason: "consumer_requested" } as never,
      "contract-key-1",
      actorFor(finance, client),
    ).catch((e) => e);
    const op = await db.operation.findFirstOrThrow({ where: { transactionId: CHARGE_ID } });
    expect(op).toMatchObject({ status: "failed", errorCode: "4202" });
    expect(result.operation).toMatchObject({ status: "failed" });
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: CHARGE_ID } });
    expect(row.amountRefunded).toBe(0n);
    expect(await operationRoom(CHARGE_ID)).toMatchObject({ refund: 12_000 });
  });

  it('a duplicate reference (HTTP 400, string code "4100") is read as the code the reconciler settles on, known not applied', async () => {
    chargeStatus = "succeeded";
    await importTransaction(CHARGE_ID, actorFor(finance));
    const dup = await import("@/lib/upi").then(async (m) =>
      (await m.getUpi()).refund({ id: CHARGE_ID, reference: "dup-1", amount: 100 }).catch((e) => e),
    );
    expect(dup).toMatchObject({ code: "4100", httpStatus: 400, outcome: "failed" });
  });

  it("a cancel answered with the charge's own id leaves one charge row, canceled, with the cancel on its timeline", async () => {
    await importTransaction(CHARGE_ID, actorFor(finance));
    const { operation } = await requestCancel(CHARGE_ID, {} as never, "contract-key-2", actorFor(finance, client));
    expect(operation.status).toBe("succeeded");
    const rows = await db.ledgerTransaction.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: CHARGE_ID, type: "charge", status: "canceled", parentId: null });
    const events = await db.ledgerEvent.findMany({ where: { transactionId: CHARGE_ID } });
    expect(events.map((e) => e.summary).join("\n")).toMatch(/Cancel of \$120\.00 succeeded/);
  });

  it("a redirect charge keeps both desktop links (redirect and the qr page's URL) and no captured amount", async () => {
    const { value: charge } = await createCharge(
      { amount: 5000, currency: "USD", method: "alipay", clients: ["desktop"] } as never,
      "contract-key-3",
      actorFor(finance, client),
    );
    expect(charge.payment?.client?.map((l) => [l.format, l.content])).toEqual([
      ["redirect", "https://pay.example/redirect/abc"],
      ["qr", "https://pay.example/qr/abc"],
    ]);
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: charge.id } });
    expect(row).toMatchObject({ status: "initiated", amountCaptured: null, amountRefunded: null, timeCaptured: null });
    expect(row.timeCreated.toISOString()).toBe("2021-08-14T09:47:43.000Z");
  });
});
