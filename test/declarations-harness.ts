import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { serverToken } from "@/sandbox/dev-client";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { importTransaction } from "@/lib/ledger/service";
import { stopBoss } from "@/lib/platform/jobs/boss";
import { updateSettings } from "@/lib/platform/settings/service";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { declarationSchema } from "@/lib/declarations/schemas";
import { createDeclaration } from "@/lib/declarations/create";
import { processDeclaration } from "@/lib/declarations/send";
import { staffOf } from "@/test/staff";

// What the declarations tests share: a sandbox per file behind a gateway, paid charges in
// the ledger, and people to act as. Not a test file itself.

let sandbox: Sandbox;
let token: string;
/**
 * Between the console and the sandbox: counts the declarations that reach Customs, and can
 * play a gateway that forwards one and then answers a 502 HTML page (applied, no JSON).
 * `slowInquiriesAfterFirst` answers the inquiries after the first late (asked at once,
 * answered after a while): a slow reader.
 */
let gateway: Server;
let gatewayUrl: string;
export const customs = { declareCalls: 0, htmlAfterNextDeclare: false, slowInquiriesAfterFirst: 0 };
let inquiries = 0;
export const ops: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-000000000005",
  email: "ops@example.com",
  name: "Ops",
  role: "ops",
});
export const other: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-000000000006",
  email: "ops2@example.com",
  name: "Ops Two",
  role: "ops",
});
export const client = { ip: "127.0.0.1", userAgent: "vitest" };
let n = 0;
export const uid = (p: string) => `${p}-${Date.now()}-${++n}`;
export const base = {
  merchantCustomsCode: "1234567890",
  merchantCustomsName: "Demo Trading",
  customsLocation: "HANGZHOU",
};
export const sandboxUrl = () => sandbox.url;

/** A paid charge at the sandbox, in the ledger. */
export async function paid(o: { amount: number; currency: string; method: string }) {
  const res = await fetch(`${sandbox.url}/v1/charges`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      transaction: {
        reference: uid("order"),
        amount: o.amount,
        currency: o.currency,
        country: "CN",
        auto_capture: true,
      },
      payment: {
        method: o.method,
        ...(o.method === "card" ? { data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } } : {}),
      },
    }),
  });
  const c = (await res.json()).data;
  if (c.status === "initiated") await fetch(`${sandbox.url}/__sandbox/payments/${c.id}/complete`, { method: "POST" });
  await importTransaction(c.id, actorFor(ops));
  return c as { id: string; reference: string };
}
export const declare = async (input: Record<string, unknown>, key = uid("key")) => {
  const r = await createDeclaration(declarationSchema.parse({ ...base, ...input }), key, actorFor(ops, client));
  await processDeclaration(r.declaration.id);
  return r;
};
export const view = (id: string) =>
  db.customsDeclaration.findUniqueOrThrow({ where: { id }, include: { subOrders: { orderBy: { createdAt: "asc" } } } });
export const fault = (rule: string) =>
  fetch(`${sandbox.url}/__sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ fault: rule, path_prefix: "/chinacustoms/declare", count: 1 }),
  });
/** Customs needs a moment to show a late submission: an unknown sub-order is settled by inquiry a minute on. */
export const aMinuteOn = (subId: string) =>
  db.$executeRaw`UPDATE customs_sub_orders SET updated_at = updated_at - interval '61 seconds' WHERE id = ${subId}::uuid`;

/** The sandbox and its gateway for this test file, with secrets and faults reset before each test. */
export function setUpCustoms() {
  beforeAll(async () => {
    sandbox = await startSandbox({ dataDir: null });
    gateway = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const declaring = req.url?.startsWith("/chinacustoms/declare") ?? false;
      if (declaring) customs.declareCalls++;
      const up = await fetch(`${sandbox.url}${req.url}`, {
        method: req.method,
        headers: {
          authorization: String(req.headers.authorization ?? ""),
          "content-type": String(req.headers["content-type"] ?? ""),
        },
        body: req.method === "GET" ? undefined : Buffer.concat(chunks),
      });
      const text = await up.text();
      if (req.url?.startsWith("/chinacustoms/inquire") && customs.slowInquiriesAfterFirst && ++inquiries > 1)
        await new Promise((r) => setTimeout(r, customs.slowInquiriesAfterFirst));
      if (declaring && customs.htmlAfterNextDeclare) {
        customs.htmlAfterNextDeclare = false;
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
    customs.htmlAfterNextDeclare = false;
    customs.slowInquiriesAfterFirst = 0;
    inquiries = 0;
  });
}
