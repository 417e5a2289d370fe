import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import pino from "pino";
import { db } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import { log } from "@/lib/platform/log";
import { ApiError } from "./errors";
import { route } from "./route";

// Every API answer names its request (X-Request-Id): the caller's id when it is safe to
// echo, a new one otherwise. The same id is on the audit rows and log lines of the request.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const call = (handler: () => Promise<unknown>, headers: Record<string, string> = {}, path = "/api/x") =>
  route({ permission: "public" }, handler)(new NextRequest(`http://console.test${path}`, { headers }), {
    params: Promise.resolve({}),
  });

// The process logger writes to stdout; its lines are captured here instead.
const lines: string[] = [];
const stream = (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];
const level = log.level;
beforeAll(() => {
  (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = { write: (s: string) => void lines.push(s) };
  log.level = "info";
});
afterAll(() => {
  (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = stream;
  log.level = level;
});
const logged = () => lines.splice(0).map((l) => JSON.parse(l) as Record<string, unknown>);

describe("X-Request-Id", () => {
  it("keeps a safe id from the caller and answers it", async () => {
    for (const id of ["abc-123", "a.B_c-9", "x".repeat(64), "0b8f7c1e-3f0e-4c59-9f53-1b2d3c4d5e6f"]) {
      const res = await call(async () => ({ ok: true }), { "X-Request-Id": id });
      expect(res.headers.get("x-request-id")).toBe(id);
    }
  });

  it("replaces an unsafe or missing one with a new UUID", async () => {
    const seen = new Set<string>();
    const cases: Record<string, string>[] = [
      {},
      { "X-Request-Id": "x".repeat(65) },
      { "X-Request-Id": "a b" },
      { "X-Request-Id": 'a"}{' },
      { "X-Request-Id": "ça" },
      { "X-Request-Id": "" },
    ];
    for (const headers of cases) {
      const res = await call(async () => ({ ok: true }), headers);
      const id = res.headers.get("x-request-id")!;
      expect(id).toMatch(UUID);
      seen.add(id);
    }
    expect(seen.size).toBe(6);
  });

  it("is answered on errors too: refused, invalid, failed and a handler's own Response", async () => {
    const refused = await route({ permission: "transactions.read" }, async () => ({}))(
      new NextRequest("http://console.test/api/transactions", { headers: { "X-Request-Id": "r-401" } }),
      { params: Promise.resolve({}) },
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-request-id")).toBe("r-401");
    const notFound = await call(
      async () => {
        throw new ApiError("not_found", "No.");
      },
      { "X-Request-Id": "r-404" },
    );
    expect([notFound.status, notFound.headers.get("x-request-id")]).toEqual([404, "r-404"]);
    const crashed = await call(
      async () => {
        throw new Error("boom");
      },
      { "X-Request-Id": "r-500" },
    );
    expect([crashed.status, crashed.headers.get("x-request-id")]).toEqual([500, "r-500"]);
    // A redirect's headers are immutable: the answer is a copy with the header.
    const redirect = await call(async () => Response.redirect("http://console.test/login", 307), {
      "X-Request-Id": "r-307",
    });
    expect([redirect.status, redirect.headers.get("location"), redirect.headers.get("x-request-id")]).toEqual([
      307,
      "http://console.test/login",
      "r-307",
    ]);
  });

  it("is recorded on the audit rows written while serving the request", async () => {
    const action = `test.request-id.${Date.now()}`;
    const res = await call(
      async () => {
        await audit({ action, result: "ok" });
        await db.$transaction(async (tx) => audit({ action, result: "ok", reason: "in a transaction" }, tx));
      },
      { "X-Request-Id": "audit-req-1" },
    );
    expect(res.headers.get("x-request-id")).toBe("audit-req-1");
    const rows = await db.auditLog.findMany({ where: { action }, select: { requestId: true } });
    expect(rows).toEqual([{ requestId: "audit-req-1" }, { requestId: "audit-req-1" }]);
    // Outside a request (a job), there is none.
    await audit({ action, result: "ok", reason: "job" });
    expect((await db.auditLog.findFirstOrThrow({ where: { action, reason: "job" } })).requestId).toBeNull();
  });

  it("writes one line per request, by route pattern, with the id; lines of the request carry it too", async () => {
    logged();
    await call(
      async () => {
        log.info("inside the handler");
        return { ok: true };
      },
      { "X-Request-Id": "log-req-1" },
      "/api/transactions/ch_secret_id_42/refunds",
    );
    await call(
      async () => {
        throw new Error("boom with 4111111111111111");
      },
      { "X-Request-Id": "log-req-2" },
      "/api/transactions/ch_other",
    );
    const entries = logged();
    expect(entries).toEqual([
      expect.objectContaining({ level: "info", msg: "inside the handler", requestId: "log-req-1" }),
      expect.objectContaining({
        level: "info",
        msg: "request",
        requestId: "log-req-1",
        method: "GET",
        route: "/api/transactions/[id]/refunds",
        status: 200,
        durationMs: expect.any(Number),
      }),
      expect.objectContaining({
        level: "error",
        msg: "unhandled API error",
        requestId: "log-req-2",
        err: expect.objectContaining({ message: "boom with 411111******1111" }),
      }),
      expect.objectContaining({
        level: "info",
        msg: "request",
        requestId: "log-req-2",
        route: "/api/transactions/[id]",
        status: 500,
      }),
    ]);
    expect(JSON.stringify(entries)).not.toContain("ch_secret_id_42");
  });

  it("logs a probe's request line (readiness, metrics) at debug, so polling does not flood the log", async () => {
    logged();
    const probe = () =>
      route({ permission: "public", probe: true }, async () => ({ ok: true }))(
        new NextRequest("http://console.test/api/ready"),
        { params: Promise.resolve({}) },
      );
    await probe();
    expect(logged()).toEqual([]);
    log.level = "debug";
    try {
      await probe();
    } finally {
      log.level = "info";
    }
    expect(logged()).toEqual([
      expect.objectContaining({ level: "debug", msg: "request", route: "/api/ready", status: 200 }),
    ]);
  });
});
