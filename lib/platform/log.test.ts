import { describe, expect, it } from "vitest";
import { overrideConfigForTests, resetConfigForTests } from "@/lib/platform/config";
import { createLogger, scrubLine } from "./log";
import { runInRequest } from "./request-context";

// A secret must never reach a log line, whatever shape it is logged in.
function capture(level = "info") {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (s: string) => void lines.push(s) } });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const PAN = "4111111111111111";
const PRIVATE_KEY = "sk_live_9f8e7d6c5b4a39281706";
const ACCESS_TOKEN = "at_7c1d2e3f4a5b6c7d8e9f";

describe("log redaction", () => {
  it("a line with a card, a key, a token and credentials at any depth shows none of them", () => {
    const { logger, lines, parsed } = capture();
    logger.info(
      {
        pan: PAN,
        privateKey: PRIVATE_KEY,
        headers: {
          authorization: `Bearer ${ACCESS_TOKEN}`,
          Cookie: "next-auth.session-token=abc.def.ghi",
          "user-agent": "vitest",
        },
        body: { payment: { method: "card", data: { pan: PAN, cvv: "123", expiry: "12/30" } }, amount: 1999 },
        user: { email: "a@example.com", password: "correct horse battery staple" },
        access_token: ACCESS_TOKEN,
        Token: { value: ACCESS_TOKEN },
        step: { code: "123456" },
      },
      "upstream call",
    );
    const line = lines.join("");
    for (const secret of [
      PAN,
      "411111111111",
      PRIVATE_KEY,
      ACCESS_TOKEN,
      "abc.def.ghi",
      "correct horse",
      '"123"',
      "123456",
    ]) {
      expect(line, secret).not.toContain(secret);
    }
    // What is not secret stays readable.
    const [entry] = parsed();
    expect(entry).toMatchObject({
      level: "info",
      msg: "upstream call",
      headers: { "user-agent": "vitest" },
      body: { amount: 1999, payment: { method: "card", data: { expiry: "12/30" } } },
    });
    expect(entry!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("an error whose message or properties carry a card number or a key is scrubbed too", () => {
    const { logger, lines } = capture();
    const error = Object.assign(
      new Error(`refused card ${PAN} (4111 1111 1111 1111) with Authorization: Bearer ${PRIVATE_KEY}`),
      { privateKey: PRIVATE_KEY, code: "4010" },
    );
    logger.error({ err: error }, `failed for ${PAN}`);
    const line = lines.join("");
    expect(line).not.toContain(PAN);
    expect(line).not.toContain("4111 1111 1111 1111");
    expect(line).not.toContain(PRIVATE_KEY);
    expect(line).toContain("411111******1111");
    // An error code is no one-time code: kept.
    expect(JSON.parse(line).err.code).toBe("4010");
  });

  it("keeps numbers that are not card numbers, and ids", () => {
    const line =
      '{"requestId":"12345678-1234-1234-1234-123456789012","amount":4111111111111112,"ms":12.5,"id":"1234567890123"}';
    expect(scrubLine(line)).toBe(line);
  });

  it("lines written inside a request carry its id and user", () => {
    const { logger, parsed } = capture();
    runInRequest({ requestId: "req-abc.1", userId: "u-1" }, () => logger.info("inside"));
    logger.info("outside");
    const [inside, outside] = parsed();
    expect(inside).toMatchObject({ requestId: "req-abc.1", userId: "u-1", msg: "inside" });
    expect(outside).not.toHaveProperty("requestId");
  });

  it("takes its level from LOG_LEVEL", () => {
    overrideConfigForTests({ LOG_LEVEL: "warn" });
    const lines: string[] = [];
    const logger = createLogger({ destination: { write: (s: string) => void lines.push(s) } });
    resetConfigForTests();
    logger.info("hidden");
    logger.warn("shown");
    expect(lines).toHaveLength(1);
  });
});
