import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { route } from "@/lib/platform/api/route";
import { createUpiClient, issueAccessToken } from "@/lib/upi/client";
import { createCustomsClient } from "@/lib/customs/client";
import { metrics } from "./registry";

// A local HTTP server stands in for the payment and customs services: it records what each
// call sent, and answers what the test needs (success, refusal, 5xx, silence).
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
let server: Server;
let baseUrl: string;

const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const path = new URL(req.url!, "http://x").pathname;
      seen.push({ path, headers: req.headers });
      if (path === "/v1/access-tokens")
        return json(res, 200, {
          status: "success",
          data: { access_token: "at_test", token_type: "server", expiry: 3600 },
        });
      if (path === "/v1/refunds")
        return json(res, 500, { status: "fail", data: { code: "5100", message: "internal" } });
      if (path === "/v1/consults") return json(res, 400, { status: "fail", data: { code: "4000", message: "bad" } });
      if (path.startsWith("/v1/transactions/")) return setTimeout(() => json(res, 200, {}), 1000);
      if (path === "/payment/inquire")
        return json(res, 200, { id: "ch_1", amount: 100, reference: "r1", status: "success", currency: "USD" });
      json(res, 404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tokens = { get: async () => "at_test", renew: async () => "at_test" };
const inRequest = async (requestId: string, work: () => Promise<unknown>) => {
  const res = await route({ permission: "public" }, async () => {
    await work();
    return { ok: true };
  })(new NextRequest("http://console.test/api/x", { headers: { "X-Request-Id": requestId } }), {
    params: Promise.resolve({}),
  });
  return res.headers.get("x-request-id");
};

/** The sample count of one upstream series, from the exposition text. */
async function upstreamCount(service: string, operation: string, outcome: string): Promise<number> {
  const text = await metrics().registry.getSingleMetricAsString("console_upstream_request_duration_seconds");
  const line = text
    .split("\n")
    .find((l) =>
      l.startsWith(
        `console_upstream_request_duration_seconds_count{service="${service}",operation="${operation}",outcome="${outcome}"}`,
      ),
    );
  return line ? Number(line.split(" ").pop()) : 0;
}

describe("upstream calls carry the request id", () => {
  it("to the payment service, the id the API request answered", async () => {
    seen.length = 0;
    const answered = await inRequest("upi-req-7", () =>
      issueAccessToken({ baseUrl, timeoutMs: 2000 }, "sk_test_private"),
    );
    expect(answered).toBe("upi-req-7");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers["x-request-id"]).toBe("upi-req-7");
  });

  it("to the customs service", async () => {
    seen.length = 0;
    const customs = createCustomsClient({
      baseUrl,
      token: "ct",
      timeoutMs: 2000,
      declarationInquiryPath: "/chinacustoms/inquire",
    });
    const answered = await inRequest("customs-req-9", () => customs.paymentInquire("ch_1"));
    expect(answered).toBe("customs-req-9");
    expect(seen.map((s) => [s.path, s.headers["x-request-id"]])).toEqual([["/payment/inquire", "customs-req-9"]]);
  });

  it("and none outside a request (a job)", async () => {
    seen.length = 0;
    await issueAccessToken({ baseUrl, timeoutMs: 2000 }, "sk_test_private");
    expect(seen[0]!.headers).not.toHaveProperty("x-request-id");
  });
});

describe("upstream latency by service, operation and outcome", () => {
  it("counts ok, failed (a refusal), unknown (a money call's 5xx) and timeout", async () => {
    const before = {
      ok: await upstreamCount("upi", "access_token", "ok"),
      failed: await upstreamCount("upi", "consult", "failed"),
      unknown: await upstreamCount("upi", "refund", "unknown"),
      timeout: await upstreamCount("upi", "inquire", "timeout"),
      customs: await upstreamCount("customs", "payment_inquire", "ok"),
    };
    // Answered calls get time enough on a loaded machine; only the one that hangs meets the short time-out.
    const upi = createUpiClient({ baseUrl, timeoutMs: 2000 }, tokens);
    const impatient = createUpiClient({ baseUrl, timeoutMs: 300 }, tokens);
    await issueAccessToken({ baseUrl, timeoutMs: 2000 }, "sk_test_private");
    await expect(upi.consult({ method: "card", amount: 100, currency: "USD" })).rejects.toMatchObject({
      outcome: "failed",
      code: "4000",
    });
    await expect(upi.refund({ id: "ch_1", reference: "r-1", amount: 100 })).rejects.toMatchObject({
      outcome: "unknown",
    });
    await expect(impatient.getTransaction("ch_1")).rejects.toMatchObject({ code: "timeout" });
    await createCustomsClient({ baseUrl, token: "ct", timeoutMs: 2000, declarationInquiryPath: "/x" }).paymentInquire(
      "ch_1",
    );
    expect({
      ok: await upstreamCount("upi", "access_token", "ok"),
      failed: await upstreamCount("upi", "consult", "failed"),
      unknown: await upstreamCount("upi", "refund", "unknown"),
      timeout: await upstreamCount("upi", "inquire", "timeout"),
      customs: await upstreamCount("customs", "payment_inquire", "ok"),
    }).toEqual({
      ok: before.ok + 1,
      failed: before.failed + 1,
      unknown: before.unknown + 1,
      timeout: before.timeout + 1,
      customs: before.customs + 1,
    });
    // No id reaches a label.
    expect(await metrics().registry.getSingleMetricAsString("console_upstream_request_duration_seconds")).not.toContain(
      "ch_1",
    );
  });
});
