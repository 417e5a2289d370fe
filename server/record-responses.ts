import { createWriteStream } from "node:fs";
import type http from "node:http";
import { RESPONSE_LOG_REFUSED, type Config } from "@/lib/platform/config";

// The rule itself lives with the configuration (which refuses it at start-up); npm start's
// launcher asks it too, before anything starts.
export { responseLogRefusal } from "@/lib/platform/config";

/**
 * Test runs only (CONSOLE_RESPONSE_LOG=<file>): appends every response the console sends, as
 * `### METHOD URL STATUS` and its body, written whole when it ends (answers sent at the same
 * time do not interleave), so the security suite can scan all of them for secrets and card
 * data and e2e/zz-answers.spec.ts can check each against the API reference. Asks Next for
 * uncompressed bodies so the file is searchable; skips the build's static assets.
 */
export function responseRecorder(path: string) {
  const out = createWriteStream(path, { flags: "a" });
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url?.startsWith("/_next/static/")) return;
    delete req.headers["accept-encoding"];
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
    const keep = (chunk: unknown) => {
      if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== "function") keep(chunk);
      out.write(Buffer.concat([Buffer.from(`\n### ${req.method} ${req.url} ${res.statusCode}\n`), ...chunks]));
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
