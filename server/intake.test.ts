import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { STORED_CHANNEL } from "@/lib/webhooks/receive";
import { createIntake, isWebhookPath } from "./intake";

// The webhook intake as the console's server runs it (server/main.ts hands it POSTs to the
// webhook path): counted bodies, every spelling of the path, and the signal to the workers.

let server: http.Server;
let base: string;
const intake = createIntake();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.method === "POST" && isWebhookPath(req.url)) return void intake.handle(req, res, "192.0.2.44");
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await intake.close();
});

describe("the webhook path", () => {
  it("is every spelling Next.js would route there, and nothing else", () => {
    for (const url of [
      "/api/webhooks/upi",
      "/api/webhooks/upi?x=1",
      "/api/webhooks/%75pi",
      "/api/webhooks/./upi",
      "/api/x/../webhooks/upi",
      "/api/webhooks/%2e/upi",
    ])
      expect(isWebhookPath(url), url).toBe(true);
    for (const url of [
      "/api/webhooks/upi/",
      "/api//webhooks/upi",
      "/api\\webhooks\\upi",
      "/api/webhooks/upix",
      "/api/webhooks",
      undefined,
    ])
      expect(isWebhookPath(url), String(url)).toBe(false);
  });
});

describe("the intake", () => {
  it("refuses a streamed 1 MB body with 413 after at most the cap, storing nothing", async () => {
    const marker = `big-${Date.now()}`;
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}/api/webhooks/upi`,
        { method: "POST", headers: { "Content-Type": "application/json" } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on("error", reject);
      const pump = () => {
        while (sent < 1024 * 1024) {
          const chunk =
            sent === 0
              ? `{"id":"${marker}","transaction_type":"charge","status":"captured","pad":"`
              : "x".repeat(16 * 1024);
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    expect(await db.webhookNotification.count({ where: { transactionId: marker } })).toBe(0);
  });

  it("tells the job workers, on commit, about a new notification to apply — once, not for its replay", async () => {
    const listener = new pg.Client(pgConfigFromUrl(config().databaseUrl!));
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (n) => heard.push(n.payload ?? ""));
    await listener.query(`LISTEN ${STORED_CHANNEL}`);
    // No webhook secret: the notification is unverifiable, stored pending, to be confirmed by inquiry.
    await db.secret.deleteMany({ where: { name: { in: ["webhook.secret", "webhook.secret.previous"] } } });
    try {
      const body = JSON.stringify({
        id: `n-${Date.now()}`,
        transaction_type: "charge",
        status: "captured",
        amount: 100,
        currency: "USD",
        reference: "r",
        fields: "id",
        sign: "x".repeat(64),
      });
      const post = () =>
        fetch(`${base}/api/webhooks/upi`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
        }).then((r) => r.json());
      const first = await post();
      const again = await post();
      expect(again).toMatchObject({ id: first.id, duplicate: true });
      // A fence sent after both: a listener hears in commit order, so what the replay sent comes before it.
      await listener.query("SELECT pg_notify($1, 'fence')", [STORED_CHANNEL]);
      await expect.poll(() => heard.at(-1)).toBe("fence");
      expect(heard).toEqual([first.id, "fence"]);
    } finally {
      await listener.end();
    }
  });
});
