import http from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiLane, discoverRoutes, matchRoute } from "./api-lane";

describe("the API lane's route table (the console's own app/api)", () => {
  const routes = discoverRoutes("app/api");
  const patterns = routes.map((r) => r.pattern);
  const match = (path: string) => matchRoute(routes, path);

  it("holds every route handler but next-auth's catch-all, which stays with Next.js", () => {
    expect(patterns).toContain("/api/consults");
    expect(patterns).toContain("/api/transactions/[id]/refunds");
    expect(patterns.some((p) => p.startsWith("/api/auth"))).toBe(false);
    expect(match("/api/auth/session")).toBeNull();
  });

  it("prefers a static segment to a dynamic one, as Next.js does", () => {
    expect(match("/api/transactions/export.csv")?.route.pattern).toBe("/api/transactions/export.csv");
    expect(match("/api/customs/declarations/export.csv")?.route.pattern).toBe("/api/customs/declarations/export.csv");
    expect(match("/api/transactions/tx_1")).toMatchObject({ route: { pattern: "/api/transactions/[id]" }, params: { id: "tx_1" } });
    expect(match("/api/customs/declarations/d1/sub-orders/s%201/resubmit")?.params).toEqual({ id: "d1", subId: "s 1" });
  });

  it("leaves every non-canonical path to Next.js (redirect or refusal as before)", () => {
    for (const path of ["/api/consults/", "/api//consults", "/api/transactions/./x", "/api/transactions/../users", "/api/transactions/%E0%A4%A", "/api/nothing-here", "/apix/consults"]) {
      expect(match(path), path).toBeNull();
    }
  });
});

describe("the API lane over HTTP", () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  const fellThrough: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "api-lane-"));
    const write = (path: string, source: string) => {
      mkdirSync(join(dir, "api", path), { recursive: true });
      writeFileSync(join(dir, "api", path, "route.ts"), source);
    };
    write(
      "echo/[id]",
      `export async function GET(req, ctx) {
         return Response.json({ id: (await ctx.params).id, q: req.nextUrl.searchParams.get("q"), who: req.cookies.get("who")?.value ?? null });
       }
       export async function POST(req, ctx) {
         const headers = new Headers({ "Content-Type": "application/json" });
         headers.append("Set-Cookie", "a=1; HttpOnly");
         headers.append("Set-Cookie", "b=2; HttpOnly");
         return new Response(JSON.stringify({ got: await req.json() }), { status: 201, headers });
       }`,
    );
    write(
      "big",
      `export async function GET() { return Response.json({ rows: Array.from({ length: 500 }, (_, i) => ({ i, text: "row " + i })) }); }`,
    );
    write(
      "stream",
      `export async function GET() {
         const enc = new TextEncoder();
         let n = 0;
         const body = new ReadableStream({ pull(c) { n < 3 ? c.enqueue(enc.encode("line " + n++ + "\\n")) : c.close(); } });
         return new Response(body, { headers: { "Content-Type": "text/csv" } });
       }`,
    );
    // Stops reading past 1 MB, as lib/http/body.ts readCapped does, and answers 413.
    write(
      "capped",
      `export async function POST(req) {
         const reader = req.body.getReader();
         let size = 0;
         for (;;) {
           const { done, value } = await reader.read();
           if (done) return Response.json({ size });
           size += value.byteLength;
           if (size > 1024 * 1024) {
             await reader.cancel();
             return Response.json({ error: { code: "payload_too_large" } }, { status: 413 });
           }
         }
       }
       export async function PUT() { return Response.json({ error: { code: "unauthorized" } }, { status: 401 }); }`,
    );
    const lane = createApiLane({ appDir: dir, publicUrl: "https://console.example" });
    server = http.createServer((req, res) => {
      lane.serve(req, res).then((served) => {
        if (!served) {
          fellThrough.push(`${req.method} ${req.url}`);
          res.writeHead(599).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes decoded params, the query and cookies, and adds the console's headers", async () => {
    const res = await fetch(`${base}/api/echo/a%20b?q=42`, { headers: { Cookie: "who=finance" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: "a b", q: "42", who: "finance" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    expect(res.headers.get("content-length")).toBe(String(JSON.stringify({ id: "a b", q: "42", who: "finance" }).length));
  });

  it("streams a request body to the handler and keeps every Set-Cookie", async () => {
    const res = await fetch(`${base}/api/echo/x`, { method: "POST", body: JSON.stringify({ amount: 1200 }), headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ got: { amount: 1200 } });
    expect(res.headers.getSetCookie()).toEqual(["a=1; HttpOnly", "b=2; HttpOnly"]);
  });

  it("gzips a large answer only for a client that accepts it", async () => {
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http.get(`${base}/api/big`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });
    expect(raw.encoding).toBe("gzip");
    expect(JSON.parse(gunzipSync(raw.body).toString()).rows).toHaveLength(500);
    const plain = await new Promise<string | undefined>((resolve) => http.get(`${base}/api/big`, (res) => (res.resume(), resolve(res.headers["content-encoding"]))));
    expect(plain).toBeUndefined();
  });

  it("pipes a streamed answer through whole", async () => {
    const res = await fetch(`${base}/api/stream`);
    expect(res.headers.get("content-type")).toBe("text/csv");
    expect(await res.text()).toBe("line 0\nline 1\nline 2\n");
  });

  it("answers a handler's early refusal of a streamed body (413, 401) instead of cutting the connection", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (method: string, bytes: number) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${base}/api/capped`, { method, agent, headers: { "Transfer-Encoding": "chunked" } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("error", reject);
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        for (let sent = 0; sent < bytes; sent += chunk.length) req.write(chunk);
        req.end();
      });
    expect(await post("POST", 2 * 1024 * 1024)).toBe(413);
    expect(await post("PUT", 2 * 1024 * 1024)).toBe(401);
    // The connection is still good for the next request.
    expect(await post("POST", 1000)).toBe(200);
    agent.destroy();
  });

  it("hands Next.js what it does not serve: unknown paths, unexported methods, HEAD, OPTIONS, odd URLs", async () => {
    for (const [method, path] of [["GET", "/api/nowhere"], ["DELETE", "/api/echo/x"], ["HEAD", "/api/big"], ["OPTIONS", "/api/big"], ["GET", "/api/big/"], ["GET", "/login"]] as const) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(599);
    }
    // A Host that makes no URL, and a path the URL parser would rewrite (%2e%2e is "..").
    const raw = (path: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        http.get(`${base}${path}`, { headers: { Host: host } }, (res) => (res.resume(), resolve(res.statusCode!))).on("error", reject);
      });
    expect(await raw("/api/echo/x", "bad host")).toBe(599);
    expect(await raw("/api/echo/%2e%2e", "localhost")).toBe(599);
    expect(fellThrough).toHaveLength(8);
  });
});
