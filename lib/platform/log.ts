import pino, { type DestinationStream, type Logger } from "pino";
import { currentRequest } from "@/lib/platform/request-context";
import { config } from "@/lib/platform/config";
import { luhnValid } from "@/lib/platform/card-number";

// No server-only: the intake logs too. Secrets removed twice: pino's `redact`, then a scrub of every line.

/** Keys whose values are secret wherever they appear (compared without case). */
export const SECRET_KEYS = [
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "privateKey",
  "private_key",
  "accessToken",
  "access_token",
  "refreshToken",
  "refresh_token",
  "sessionToken",
  "token",
  "password",
  "newPassword",
  "currentPassword",
  "passwordHash",
  "password_hash",
  "secret",
  "webhookSecret",
  "webhook_secret",
  "clientSecret",
  "client_secret",
  "totpSecret",
  "mfaSecret",
  "otp",
  "totp",
  "recoveryCodes",
  "pan",
  "cvv",
  "cvc",
  "id_number",
  "idNumber",
] as const;

const REDACT_PATHS = [
  ...SECRET_KEYS.filter((k) => !k.includes("-")),
  ...["authorization", "cookie", "set-cookie", "x-api-key"].flatMap((h) => [`headers["${h}"]`, `req.headers["${h}"]`]),
  ...["privateKey", "password", "token", "pan", "cvv", "code"].flatMap((k) => [`body.${k}`, `data.${k}`]),
];

const CENSOR = "[redacted]";
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
const SECRET_KEY = new RegExp(`"(${SECRET_KEYS.map(escapeRegExp).join("|")})":`, "gi");
const ONE_TIME_CODE = /"(code)":"?\d{6,8}"?(?=[,}])/gi;
const CARD_NUMBER = /(?<![0-9A-Za-z_]|[0-9][ -])[0-9](?:[ -]?[0-9]){12,18}(?![0-9A-Za-z_]|[ -][0-9])/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

function valueEnd(line: string, start: number): number {
  const open = line[start];
  if (open === '"') {
    let i = start + 1;
    while (i < line.length && line[i] !== '"') i += line[i] === "\\" ? 2 : 1;
    return i + 1;
  }
  if (open === "{" || open === "[") {
    let depth = 0;
    for (let i = start; i < line.length; i++) {
      const c = line[i];
      if (c === '"') {
        i++;
        while (i < line.length && line[i] !== '"') i += line[i] === "\\" ? 2 : 1;
      } else if (c === "{" || c === "[") depth++;
      else if ((c === "}" || c === "]") && --depth === 0) return i + 1;
    }
    return line.length;
  }
  let i = start;
  while (i < line.length && line[i] !== "," && line[i] !== "}" && line[i] !== "]") i++;
  return i;
}

/** A finished JSON line with every secret value replaced. Exported for its tests. */
export function scrubLine(line: string): string {
  let out = "";
  let from = 0;
  SECRET_KEY.lastIndex = 0;
  for (let m = SECRET_KEY.exec(line); m; m = SECRET_KEY.exec(line)) {
    const start = m.index + m[0].length;
    const end = valueEnd(line, start);
    if (line.slice(start, end) === `"${CENSOR}"`) continue;
    out += `${line.slice(from, start)}"${CENSOR}"`;
    from = end;
    SECRET_KEY.lastIndex = end;
  }
  out += line.slice(from);
  return out
    .replace(ONE_TIME_CODE, `"$1":"${CENSOR}"`)
    .replace(BEARER, `$1 ${CENSOR}`)
    .replace(CARD_NUMBER, (match) => {
      const digits = match.replace(/[ -]/g, "");
      return luhnValid(digits) ? `${digits.slice(0, 6)}******${digits.slice(-4)}` : match;
    });
}

export type LoggerOptions = { level?: string; destination?: DestinationStream };

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? config().logLevel,
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      // ISO time, not epoch milliseconds: a 13-digit number is the shape of a card number.
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const request = currentRequest();
        if (!request) return {};
        return request.userId
          ? { requestId: request.requestId, userId: request.userId }
          : { requestId: request.requestId };
      },
      hooks: { streamWrite: scrubLine },
    },
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** The process's logger (LOG_LEVEL, default info). */
export const log: Logger = createLogger();
