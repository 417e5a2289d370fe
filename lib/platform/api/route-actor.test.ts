import { describe, expect, it } from "vitest";
import http from "node:http";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { type Actor, actorFor } from "@/lib/platform/auth/actor";
import { confirmEnrolment, startEnrolment } from "@/lib/platform/auth/mfa";
import { totpCode } from "@/lib/platform/auth/totp";
import { parseRanges } from "@/lib/platform/http/client-ip";
import { createUser, endOtherSessions } from "@/lib/users/service";
import { markClientIp } from "@/server/http";
import { route } from "./route";
import { staffOf } from "@/test/staff";
import { sessionCookie } from "@/test/route-session";

// The request's actor: who, from which address (as the server decided it), with which request id.
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
  // Two-step sign-in is required of every role by default: the account is complete once enrolled.
  const { secret } = await startEnrolment(actorFor(staffOf(user)));
  await confirmEnrolment({ code: totpCode(secret, Date.now() - 30_000) }, actorFor(staffOf(user)));
  return { user, cookie: await sessionCookie(user.id) };
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
      // The enrolment of the set-up is not the request's.
      where: { actorId: user.id, action: { not: "mfa.enable" } },
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
