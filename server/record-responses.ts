import { createWriteStream } from "node:fs";
import type http from "node:http";

/**
 * Test runs only (CONSOLE_RESPONSE_LOG=<file>): appends every response body the console
 * sends, so the security suite can scan all of them for secrets and card data. Asks Next
 * for uncompressed bodies so the file is searchable; skips the build's static assets.
 */
export function responseRecorder(path: string) {
  const out = createWriteStream(path, { flags: "a" });
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.startsWith("/_next/static/")) return;
    delete req.headers["accept-encoding"];
    out.write(`\n### ${req.method} ${req.url}\n`);
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
    const keep = (chunk: unknown) => {
      if (typeof chunk === "string" || chunk instanceof Uint8Array) out.write(chunk);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== "function") keep(chunk);
      return end(chunk, ...rest);
    }) as typeof res.end;
  };
}

/**
 * Why CONSOLE_RESPONSE_LOG cannot be used here, or null. Refused under CONSOLE_ENV=production:
 * a file of every answer (sessions, masked cards, customer data) must never exist there.
 */
export function responseLogRefusal(env: Record<string, string | undefined>): string | null {
  if (!env.CONSOLE_RESPONSE_LOG || env.CONSOLE_ENV !== "production") return null;
  return "CONSOLE_RESPONSE_LOG records every response body (test runs only) and is refused with CONSOLE_ENV=production: unset it.";
}

/** The recorder CONSOLE_RESPONSE_LOG asks for, or null; throws where it is refused. */
export function recorderFromEnv(env: Record<string, string | undefined>) {
  const refusal = responseLogRefusal(env);
  if (refusal) throw new Error(refusal);
  return env.CONSOLE_RESPONSE_LOG ? responseRecorder(env.CONSOLE_RESPONSE_LOG) : null;
}
