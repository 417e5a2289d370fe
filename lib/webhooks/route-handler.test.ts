import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { POST } from "@/app/api/webhooks/upi/route";
import { db } from "@/lib/db";

// The route handler (`next dev`, CONSOLE_API_LANE=off) counts the body like the production
// server's intake: a 1 MB notification is refused with 413 before it is read whole.
describe("POST /api/webhooks/upi route handler", () => {
  it("refuses a streamed 1 MB body with 413 payload_too_large after at most the cap, storing nothing", async () => {
    let sent = 0;
    const marker = `big-${Date.now()}`;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 1024 * 1024) return controller.close();
        const chunk = sent === 0 ? `{"id":"${marker}","transaction_type":"charge","status":"captured","pad":"` : "x".repeat(16 * 1024);
        sent += chunk.length;
        controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    const req = new NextRequest("http://console.test/api/webhooks/upi", {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-console-client-ip": "192.0.2.44" },
      body: stream,
      duplex: "half",
    } as never);
    const res = await POST(req, { params: Promise.resolve({}) });
    expect(sent).toBeLessThan(128 * 1024); // the old handler read all of it, then measured
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatchObject({ code: "payload_too_large" });
    expect(await db.webhookNotification.count({ where: { transactionId: marker } })).toBe(0);
  });
});
