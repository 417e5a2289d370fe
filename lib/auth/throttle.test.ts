import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { clearFailures, lockedUntil, recordFailure } from "./throttle";

describe("sign-in throttle", () => {
  beforeEach(async () => {
    await db.signInThrottle.deleteMany();
  });

  it("locks an email after five failures, counted exactly under concurrency", async () => {
    await Promise.all([1, 2, 3, 4].map(() => recordFailure("a@example.com", null)));
    expect(await lockedUntil("a@example.com", null)).toBeNull();
    await recordFailure("A@example.com", null);
    const until = await lockedUntil("a@example.com", null);
    expect(until!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(await lockedUntil("b@example.com", null)).toBeNull();
  });

  it("locks an address that tries many emails", async () => {
    for (let i = 0; i < 30; i++) await recordFailure(`user${i}@example.com`, "203.0.113.9");
    expect(await lockedUntil("fresh@example.com", "203.0.113.9")).not.toBeNull();
    expect(await lockedUntil("fresh@example.com", "203.0.113.10")).toBeNull();
  });

  it("forgets failures after a successful sign-in", async () => {
    for (let i = 0; i < 4; i++) await recordFailure("c@example.com", null);
    await clearFailures("c@example.com");
    await recordFailure("c@example.com", null);
    expect(await lockedUntil("c@example.com", null)).toBeNull();
  });
});
