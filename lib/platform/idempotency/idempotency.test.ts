import { describe, expect, it } from "vitest";
import { Conflict, Invalid, Invariant, OutcomeUnknown } from "@/lib/platform/errors";
import { CustomsError } from "@/lib/customs/errors";
import { UpiError } from "@/lib/upi/errors";
import { fingerprint } from "./fingerprint";
import { outcomeUnknown } from "./once";
import { isUniqueViolation, keyInFlight, sameRequest } from "./replay";

describe("the one request fingerprint", () => {
  it("is the same for the same parameters in any key order, and differs by action or value", () => {
    const print = fingerprint("operation.refund", { chargeId: "c1", amount: 500, note: null });
    expect(fingerprint("operation.refund", { note: null, amount: 500, chargeId: "c1" })).toBe(print);
    expect(fingerprint("operation.capture", { chargeId: "c1", amount: 500, note: null })).not.toBe(print);
    expect(fingerprint("operation.refund", { chargeId: "c1", amount: 501, note: null })).not.toBe(print);
    expect(print).not.toContain("500");
  });
});

describe("a twin's key committed first", () => {
  it("is told from Prisma's error and pg's (the money writers' transaction) alike", () => {
    expect(isUniqueViolation({ code: "P2002" })).toBe(true);
    expect(
      isUniqueViolation(Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" })),
    ).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("deadlock detected"), { code: "40P01" }))).toBe(false);
  });
});

describe("a key seen before", () => {
  it("answers again for the same request and refuses another, as domain errors", () => {
    expect(() => sameRequest("a", "a")).not.toThrow();
    expect(() => sameRequest(null, "a")).not.toThrow();
    expect(() => sameRequest("a", "b", { operationId: "op" })).toThrow(
      expect.objectContaining({ name: "Invalid", rule: "idempotency_key_reused", details: { operationId: "op" } }),
    );
    expect(keyInFlight()).toBeInstanceOf(Conflict);
    expect(keyInFlight().rule).toBe("idempotency_key_in_flight");
  });

  it.each([
    [new OutcomeUnknown("timed out"), true],
    [new Invalid("no"), false],
    [new Invariant("bug"), true],
    [new UpiError("4100", 409, "duplicate", "failed"), false],
    [new UpiError("timeout", null, "socket hang up", "unknown"), true],
    [new CustomsError("B1", "refused", "failed"), false],
    [new CustomsError("timeout", "no answer", "unknown"), true],
    [new Error("database gone"), true],
  ])("keeps the key of %o as unknown: %s", (error, unknown) => {
    expect(outcomeUnknown(error)).toBe(unknown);
  });
});
