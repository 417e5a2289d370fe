// The production server's API lane: the console's JSON API served by plain node:http over
// the very same route handlers (app/api/**/route.ts), without Next.js's request pipeline
// (router, route-module wrapper, per-request async storage). That pipeline alone cost
// 0.55 ms of an empty route's 0.89 ms on this 2-core machine
// (docs/benchmarks.md, "What the console adds to an API call"). Pages, next-auth's
// catch-all and anything the lane does not recognise still go to Next.js, and `next dev`
// serves every route itself, so a handler behaves the same on either path (the e2e suite
// runs against this one).
import { readdirSync, statSync } from "node:fs";
import type http from "node:http";
import { join, relative, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { createGzip, gzip } from "node:zlib";
import { promisify } from "node:util";
import { NextRequest } from "next/server";
import { NO_STORE, securityHeaders } from "../../lib/http/security-headers.mjs";

type Segment = { static: string } | { param: string };
type Handler = (req: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Record<string, unknown>;

export type LaneRoute = {
  /** "/api/transactions/[id]/refunds" */
  pattern: string;
  segments: Segment[];
  file: string;
};

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every route handler under `apiDir` whose URL the lane can match exactly: static and
 * single dynamic segments. Catch-all routes (next-auth's `[...nextauth]`) stay with Next.js,
 * private folders (`_x`) are not routes, route groups (`(x)`) add no segment. Ordered so
 * the first match is the most specific: at the first segment where two routes differ, a
 * static segment beats a dynamic one, as in Next.js (`export.csv` before `[id]`).
 */
export function discoverRoutes(apiDir: string): LaneRoute[] {
  const routes: LaneRoute[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (!entry.startsWith("_") && !entry.startsWith("[...") && !entry.startsWith("[[...")) walk(path);
      } else if (entry === "route.ts") {
        const folders = relative(join(apiDir, ".."), dir).split(sep).filter((f) => !/^\(.*\)$/.test(f));
        const segments = folders.map((f): Segment => (/^\[\w+\]$/.test(f) ? { param: f.slice(1, -1) } : { static: f }));
        routes.push({ pattern: `/${folders.join("/")}`, segments, file: path });
      }
    }
  };
  walk(apiDir);
  const rank = (s: Segment) => ("static" in s ? 0 : 1);
  return routes.sort((a, b) => {
    for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
      const d = rank(a.segments[i]!) - rank(b.segments[i]!);
      if (d !== 0) return d;
    }
    return a.segments.length - b.segments.length;
  });
}

/**
 * The route a pathname names, with its decoded params; null when none matches exactly or
 * the path is anything but canonical (trailing or doubled slash, dot segments, bad
 * escapes) — those go to Next.js, which redirects or refuses them as it always has.
 */
export function matchRoute(routes: LaneRoute[], pathname: string): { route: LaneRoute; params: Record<string, string> } | null {
  if (!pathname.startsWith("/api/") || pathname.endsWith("/")) return null;
  const parts: string[] = [];
  for (const raw of pathname.slice(1).split("/")) {
    if (raw === "" || raw === "." || raw === "..") return null;
    try {
      parts.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  next: for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const segment = route.segments[i]!;
      if ("static" in segment) {
        if (segment.static !== parts[i]) continue next;
      } else params[segment.param] = parts[i]!;
    }
    return { route, params };
  }
  return null;
}

const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /^(application\/json|text\/)/;
const MIN_GZIP_BYTES = 1024;

/**
 * The lane: `serve(req, res)` answers an API request and resolves true, or resolves false
 * without touching `res` when Next.js should take it (not an API route the lane knows, or a
 * method the route does not export: Next.js answers 405 / OPTIONS / HEAD itself).
 */
export function createApiLane(options: { appDir: string; publicUrl: string | undefined }) {
  const routes = discoverRoutes(join(options.appDir, "api"));
  const modules = new Map<string, Promise<RouteModule>>();
  const load = (route: LaneRoute) => {
    let loaded = modules.get(route.file);
    if (!loaded) {
      loaded = import(pathToFileURL(route.file).href) as Promise<RouteModule>;
      loaded.catch(() => modules.delete(route.file));
      modules.set(route.file, loaded);
    }
    return loaded;
  };
  const fixedHeaders = [...securityHeaders(options.publicUrl), NO_STORE];

  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    if (!METHODS.has(method) || !url.startsWith("/api/")) return false;
    const query = url.indexOf("?");
    const pathname = query < 0 ? url : url.slice(0, query);
    const match = matchRoute(routes, pathname);
    if (!match) return false;
    const handler = (await load(match.route))[method];
    if (typeof handler !== "function") return false;

    const body = method === "GET" ? undefined : requestBody(req);
    const request = toNextRequest(req, method, url, pathname, body?.stream);
    if (!request) return false;
    const response = await (handler as Handler)(request, { params: Promise.resolve(match.params) });
    // A handler that answered without reading the whole body (a refusal, a body over its
    // limit): the rest is discarded so the client gets the answer, not a reset.
    body?.discard();
    await send(req, res, response, fixedHeaders);
    return true;
  }

  /** Imports every route module ahead of the first request (tsx compiles each on import). */
  async function warm(): Promise<void> {
    const results = await Promise.allSettled(routes.map(load));
    results.forEach((r, i) => {
      if (r.status === "rejected") console.error(`[api-lane] ${routes[i]!.pattern}: ${r.reason instanceof Error ? r.reason.stack : r.reason}`);
    });
  }

  return { serve, warm, routes };
}

/**
 * The handler's request; null when the Host header makes no URL (Next.js refuses those) or
 * the URL parser would rewrite the path the lane matched (`%2e%2e` is "..").
 */
function toNextRequest(req: http.IncomingMessage, method: string, url: string, pathname: string, body: ReadableStream<Uint8Array> | undefined): NextRequest | null {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    // HTTP/2 pseudo-headers and anything undici refuses are not the handler's business.
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      /* skipped */
    }
  }
  let target: URL;
  try {
    target = new URL(url, `http://${req.headers.host ?? "localhost"}`);
  } catch {
    return null;
  }
  if (target.pathname !== pathname) return null;
  // A body is streamed to the handler as it arrives ("half" duplex).
  return new NextRequest(target, { method, headers, body, ...(body ? { duplex: "half" } : {}) });
}

/** Bytes of an unread body thrown away after an early answer before the connection is cut. */
const DISCARD_LIMIT = 16 * 1024 * 1024;

/**
 * The request body as a web stream, with back-pressure. Unlike Readable.toWeb, cancelling it
 * (lib/http/body.ts does, past a limit) does not destroy the socket before the 413 is
 * written: the rest is read and thrown away, up to DISCARD_LIMIT, then the connection is cut.
 */
function requestBody(req: http.IncomingMessage) {
  let open = true;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 1) <= 0) req.pause();
  };
  const finish = (end: () => void) => {
    if (open) end();
    open = false;
  };
  const discard = () => {
    if (!open) return;
    open = false;
    req.off("data", onData);
    if (req.complete) return;
    let left = DISCARD_LIMIT;
    req.on("data", (chunk: Buffer) => {
      left -= chunk.length;
      if (left < 0) req.destroy();
    });
    req.resume();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on("data", onData);
        req.once("end", () => finish(() => controller.close()));
        req.once("error", (e) => finish(() => controller.error(e)));
      },
      pull: () => void req.resume(),
      cancel: discard,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
  return { stream, discard };
}

async function send(req: http.IncomingMessage, res: http.ServerResponse, response: Response, fixed: { key: string; value: string }[]) {
  res.statusCode = response.status;
  for (const { key, value } of fixed) res.setHeader(key, value);
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie") res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);

  const type = response.headers.get("content-type") ?? "";
  const gzipOk = COMPRESSIBLE.test(type) && !response.headers.has("content-encoding") && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  if (gzipOk) res.setHeader("Vary", "Accept-Encoding");
  if (!response.body) {
    res.end();
    return;
  }

  // Most answers are one JSON chunk: send it whole, with its length. A streamed answer (CSV
  // exports) is piped as it comes, with back-pressure, and stops if the client goes away.
  const reader = response.body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    let body = Buffer.from(first.value ?? new Uint8Array());
    if (gzipOk && body.length >= MIN_GZIP_BYTES) {
      body = await gzipAsync(body);
      res.setHeader("Content-Encoding", "gzip");
    }
    res.setHeader("Content-Length", body.length);
    res.end(body);
    return;
  }
  async function* chunks() {
    yield first.value!;
    yield second.value!;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
  const source = Readable.from(chunks(), { objectMode: false });
  res.on("close", () => void reader.cancel().catch(() => undefined));
  if (gzipOk) {
    res.setHeader("Content-Encoding", "gzip");
    res.removeHeader("Content-Length");
    await pipeline(source, createGzip(), res);
  } else await pipeline(source, res);
}
