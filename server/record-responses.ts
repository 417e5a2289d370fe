import { createWriteStream } from "node:fs";
import type http from "node:http";
import { RESPONSE_LOG_REFUSED, type Config } from "@/lib/platform/config";

// The rule itself lives with the configuration (which refuses it at start-up); npm start's
// launcher asks it too, before anything starts.
export { responseLogRefusal } from "@/lib/platform/config";

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
 * The recorder CONSOLE_RESPONSE_LOG asks for, or null. Refused under CONSOLE_ENV=production
 * (throws): a file of every answer (sessions, masked cards, customer data) must never exist there.
 */
export function recorderFromConfig({ production, responseLog }: Pick<Config, "production" | "responseLog">) {
  if (production && responseLog) throw new Error(`CONSOLE_RESPONSE_LOG ${RESPONSE_LOG_REFUSED}`);
  return responseLog ? responseRecorder(responseLog) : null;
}
