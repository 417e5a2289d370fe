import type { IncomingMessage, ServerResponse } from "node:http";

export type Req = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  /** Parsed JSON object or form fields; null when the body was not parseable. */
  body: Record<string, unknown> | null;
  rawBody: string;
  params: Record<string, string>;
  baseUrl: string;
};

export type Reply = { status: number; json?: unknown; html?: string; text?: string };

export type Handler = (req: Req) => Reply | Promise<Reply>;

type Route = { method: string; pattern: RegExp; keys: string[]; handler: Handler };

/** A tiny router: "/v1/vault/:token" style patterns, first match wins. */
export class Router {
  private routes: Route[] = [];

  on(method: string, path: string, handler: Handler): this {
    const keys: string[] = [];
    const source = path.replace(/\/$/, "").replace(/:(\w+)/g, (_, key: string) => {
      keys.push(key);
      return "([^/]+)";
    });
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), keys, handler });
    return this;
  }

  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | "method" | null {
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      for (const [i, key] of route.keys.entries()) params[key] = decodeURIComponent(m[i + 1]!);
      return { handler: route.handler, params };
    }
    return pathMatched ? "method" : null;
  }
}

const MAX_BODY = 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> | null {
  if (!raw.trim()) return {};
  if (contentType?.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  try {
    const parsed = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  if (reply.html !== undefined) {
    res.writeHead(reply.status, { "Content-Type": "text/html; charset=utf-8" });
    res.end(reply.html);
  } else if (reply.text !== undefined) {
    res.writeHead(reply.status, { "Content-Type": "text/plain; charset=utf-8" });
    res.end(reply.text);
  } else {
    const body = JSON.stringify(reply.json ?? null);
    res.writeHead(reply.status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    res.end(body);
  }
}

export const json = (status: number, body: unknown): Reply => ({ status, json: body });
