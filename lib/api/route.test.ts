import { describe, expect, it, vi } from "vitest";
import http from "node:http";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { z } from "zod";
import { db, pool } from "@/lib/db";
import type { Actor } from "@/lib/auth/actor";
import { authOptions } from "@/lib/auth/options";
import { parseRanges } from "@/lib/http/client-ip";
import { createUser, endOtherSessions } from "@/lib/users/service";
import { markClientIp } from "@/server/http";
import { Conflict, Invalid, Invariant, Malformed, NotFound, OutcomeUnknown } from "@/lib/errors";
import { route } from "./route";

// Bodies are counted while read: an oversized one is refused with 413 in the error contract,
// before the handler (or JSON.parse) ever sees it.
const MB = 1024 * 1024;

function streamOf(bytes: number, chunk = 64 * 1024) {
  let sent = 0;
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      if (sent >= bytes) return controller.close();
      const n = Math.min(chunk, bytes - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
  return { stream, sent: () => sent, pulls: () => pulls };
}

const call = (handler: () => Promise<unknown>, init: ConstructorParameters<typeof NextRequest>[1]) =>
  route({ permission: "public", body: z.object({}).passthrough() }, handler)(
    new NextRequest("http://console.test/api/x", { method: "POST", ...init }),
    { params: Promise.resolve({}) },
  );

describe("route() query strings", () => {
  it("drops a value with a NUL byte, as an invalid value is ignored", async () => {
    const seen = vi.fn();
    const res = await route(
      { permission: "public", query: z.object({ q: z.string().optional(), status: z.string().optional() }) },
      async ({ query }) => seen(query),
    )(new NextRequest("http://console.test/api/x?q=a%00b&status=ok"), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect(seen).toHaveBeenCalledWith({ status: "ok" });
  });
});

describe("route() and domain errors (lib/errors.ts)", () => {
  const answer = (error: Error) =>
    route({ permission: "public" }, async () => {
      throw error;
    })(new NextRequest("http://console.test/api/x"), { params: Promise.resolve({}) });

  it("answers each kind with its status and the error contract, naming the rule broken", async () => {
    const cases: [Error, number, unknown][] = [
      [new NotFound("No such charge."), 404, { code: "not_found", message: "No such charge." }],
      [
        new Conflict("More than is left to refund.", "refund_exceeds_remaining", { left: 500 }),
        409,
        {
          code: "conflict",
          message: "More than is left to refund.",
          details: { left: 500, rule: "refund_exceeds_remaining" },
        },
      ],
      [
        new Invalid("amount must be positive."),
        422,
        { code: "unprocessable_entity", message: "amount must be positive." },
      ],
      [
        new Malformed("The file is not valid CSV."),
        400,
        { code: "bad_request", message: "The file is not valid CSV." },
      ],
      [
        new OutcomeUnknown("Send the same request again.", undefined, { reference: "r-1" }),
        504,
        {
          code: "upstream_timeout",
          message: "Send the same request again.",
          details: { reference: "r-1", outcome: "unknown" },
        },
      ],
    ];
    for (const [error, status, body] of cases) {
      const res = await answer(error);
      expect([res.status, (await res.json()).error]).toEqual([status, body]);
    }
  });

  it("answers an invariant broken as the bug it is, without echoing it", async () => {
    const res = await answer(new Invariant("ledger row vanished under its lock"));
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("ledger row");
  });
});

describe("route() request bodies", () => {
  it("refuses a streamed JSON body over 1 MB with 413, reading no further than the limit", async () => {
    const handler = vi.fn(async () => ({ ok: true }));
    const body = streamOf(2 * MB);
    const res = await call(handler, { body: body.stream, duplex: "half" } as never);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "payload_too_large", message: expect.stringMatching(/1 MB/), details: { limit: MB } },
    });
    expect(handler).not.toHaveBeenCalled();
    expect(body.sent()).toBeLessThan(1.2 * MB);
  });

  it("refuses a declared Content-Length over 1 MB before reading", async () => {
    const handler = vi.fn(async () => ({ ok: true }));
    const body = streamOf(2 * MB);
    const res = await call(handler, {
      body: body.stream,
      duplex: "half",
      headers: { "content-length": String(2 * MB) },
    } as never);
    expect(res.status).toBe(413);
    expect(handler).not.toHaveBeenCalled();
  });

  it("still takes a body under the limit, and answers 400 for invalid JSON", async () => {
    const ok = await call(async () => ({ ok: true }), { body: JSON.stringify({ note: "x".repeat(900 * 1024) }) });
    expect(ok.status).toBe(200);
    const bad = await call(async () => ({ ok: true }), { body: "{nope" });
    expect(bad.status).toBe(400);
  });
});

// ─── the request's actor ───
// The console's server in miniature: the address decided once by markClientIp (server/main.ts
// does the same before Next.js), then the request as Next.js hands it to route().
async function serve(handler: (req: NextRequest) => Promise<Response>, trustedProxies?: string) {
  const proxies = parseRanges(trustedProxies);
  const server = http.createServer(async (req, res) => {
    markClientIp(req, proxies);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    const answer = await handler(new NextRequest(`http://console.test${req.url}`, { method: req.method, headers }));
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(await answer.text());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/x`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const noParams = { params: Promise.resolve({}) };
const FORGED = {
  "X-Forwarded-For": "203.0.113.66",
  "X-Console-Client-Ip": "203.0.113.77",
  "X-Real-Ip": "203.0.113.88",
  "User-Agent": "route-test/1",
};

/** A finance user signed in, past the first-password step (finance needs no second factor). */
async function signedIn() {
  const user = await createUser(
    {
      email: `route-${randomUUID().slice(0, 8)}@example.com`,
      name: "Route",
      role: "finance",
      password: "long-enough-password",
    },
    null,
  );
  await db.user.update({ where: { id: user.id }, data: { mustChangePassword: false } });
  const sid = randomUUID();
  await pool.query("INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [
    sid,
    user.id,
  ]);
  const cookie = await encode({ token: { sub: user.id, sid }, secret: authOptions.secret! });
  return { user, cookie: `next-auth.session-token=${cookie}` };
}

describe("route() ctx.actor", () => {
  it("carries the address the server decided: what a client sends as X-Forwarded-For from an untrusted peer never reaches it", async () => {
    const seen: Actor<null>[] = [];
    const handler = route({ permission: "public" }, async ({ actor }) => void seen.push(actor));
    const direct = await serve((req) => handler(req, noParams));
    // Behind a configured proxy (TRUSTED_PROXIES=127.0.0.1) the hop it names is the client.
    const proxied = await serve((req) => handler(req, noParams), "127.0.0.1");
    try {
      expect((await fetch(direct.url, { headers: FORGED })).status).toBe(200);
      expect((await fetch(proxied.url, { headers: FORGED })).status).toBe(200);
    } finally {
      await Promise.all([direct.close(), proxied.close()]);
    }
    expect(seen.map((a) => [a.user, a.ip, a.userAgent])).toEqual([
      [null, "127.0.0.1", "route-test/1"],
      [null, "203.0.113.66", "route-test/1"],
    ]);
  });

  it("reads only the server's mark, never a forwarded header itself", async () => {
    const seen: (string | null)[] = [];
    const handler = route({ permission: "public" }, async ({ actor }) => void seen.push(actor.ip));
    await handler(
      new NextRequest("http://console.test/api/x", {
        headers: { "x-forwarded-for": "203.0.113.66", "x-real-ip": "203.0.113.88" },
      }),
      noParams,
    );
    await handler(
      new NextRequest("http://console.test/api/x", {
        headers: { "x-console-client-ip": "::ffff:198.51.100.4", "x-forwarded-for": "203.0.113.66" },
      }),
      noParams,
    );
    expect(seen).toEqual([null, "198.51.100.4"]);
  });

  it("has the request id the answer names in X-Request-Id, given or made", async () => {
    const seen: (string | null)[] = [];
    const handler = route({ permission: "public" }, async ({ actor }) => void seen.push(actor.requestId));
    const given = await handler(
      new NextRequest("http://console.test/api/x", { headers: { "X-Request-Id": "actor-req-1" } }),
      noParams,
    );
    const made = await handler(new NextRequest("http://console.test/api/x"), noParams);
    expect(seen).toEqual([given.headers.get("x-request-id"), made.headers.get("x-request-id")]);
    expect(seen[0]).toBe("actor-req-1");
    expect(seen[1]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("names who acted and from where on the audit rows a service writes, and on route()'s own refusals", async () => {
    const { user, cookie } = await signedIn();
    const headers = { cookie, "x-console-client-ip": "198.51.100.23", "user-agent": "route-test/2" };
    const end = route({ permission: "signed-in", action: "auth.sessions_end" }, async ({ actor }) => ({
      ended: await endOtherSessions(actor),
    }));
    const ended = await end(
      new NextRequest("http://console.test/api/me/sessions", {
        method: "DELETE",
        headers: { ...headers, host: "console.test", origin: "http://console.test" },
      }),
      noParams,
    );
    expect(ended.status).toBe(200);
    const refused = await route({ permission: "users.manage", action: "user.create" }, async () => ({}))(
      new NextRequest("http://console.test/api/users", { headers }),
      noParams,
    );
    expect(refused.status).toBe(403);
    const rows = await db.auditLog.findMany({
      where: { actorId: user.id },
      orderBy: { id: "asc" },
      select: { action: true, result: true, actorEmail: true, ip: true, userAgent: true, requestId: true },
    });
    expect(rows).toEqual([
      {
        action: "auth.sessions_end",
        result: "ok",
        actorEmail: user.email,
        ip: "198.51.100.23",
        userAgent: "route-test/2",
        requestId: ended.headers.get("x-request-id"),
      },
      {
        action: "user.create",
        result: "denied",
        actorEmail: user.email,
        ip: "198.51.100.23",
        userAgent: "route-test/2",
        requestId: refused.headers.get("x-request-id"),
      },
    ]);
  });
});
