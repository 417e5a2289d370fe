import type http from "node:http";
import { CLIENT_IP_HEADER, clientIpFrom, isTrusted, type Range } from "@/lib/platform/http/client-ip";

type TrustedProxies = Range[];

// What the console's server does to every request before Next.js or the webhook intake
// sees it, and the plain answers the intake gives. No Next, no application state.

export function reply(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  res.end(text);
}

export const errorBody = (code: string, message: string, details?: unknown) => ({
  error: { code, message, ...(details ? { details } : {}) },
});

/**
 * The body, counted while it arrives: null once past the limit (or declared past it), and
 * nothing more is kept. The rest is left to node:http, which discards it after the answer
 * (destroying the socket here would cut the 413 before the sender reads it).
 */
export function readBody(req: http.IncomingMessage, limit: number): Promise<string | null> {
  const declared = req.headers["content-length"];
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        chunks.length = 0;
        resolve(null);
      } else chunks.push(chunk);
    };
    req.on("data", onData);
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

// What a proxy says about the original request; from any other peer it is a forgery.
const FORWARDED_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];

/**
 * Decides the client's address once (TRUSTED_PROXIES, lib/platform/http/client-ip.ts) and hands it on
 * in a header of our own, replacing any copy the client sent. Forwarded headers from a peer
 * that is not a trusted proxy are dropped (the Origin check reads X-Forwarded-Host/-Proto).
 */
export function markClientIp(req: http.IncomingMessage, proxies: TrustedProxies): string | null {
  const forwarded = req.headers["x-forwarded-for"];
  const ip = clientIpFrom(
    req.socket.remoteAddress,
    Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
    proxies,
  );
  const drop = new Set([
    CLIENT_IP_HEADER,
    ...(isTrusted(req.socket.remoteAddress ?? "", proxies) ? [] : FORWARDED_HEADERS),
  ]);
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) if (drop.has(raw[i]!.toLowerCase())) raw.splice(i, 2);
  for (const name of drop) delete req.headers[name];
  if (ip) {
    req.headers[CLIENT_IP_HEADER] = ip;
    raw.push(CLIENT_IP_HEADER, ip);
  }
  return ip;
}
