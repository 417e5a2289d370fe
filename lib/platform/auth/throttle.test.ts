import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { lockedUntil, releaseAttempt, reserveAttempt } from "./throttle";

const reserved = async (email: string, ip: string | null = null) => (await reserveAttempt(email, ip)) === null;

describe("sign-in throttle", () => {
  beforeEach(async () => {
    await db.signInThrottle.deleteMany();
  });

  it("of 20 attempts reserved at once for one email, exactly 5 go ahead; then it is locked", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => reserved("a@example.com", "203.0.113.1")));
    expect(results.filter(Boolean)).toHaveLength(5);
    const until = await lockedUntil("A@example.com", null);
    expect(until!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(await lockedUntil("b@example.com", null)).toBeNull();
    // Refused attempts were not counted against the address.
    const [ip] = await db.signInThrottle.findMany({ where: { key: "ip:203.0.113.1" } });
    expect(ip!.failures).toBe(5);
  });

  it("locks an address that tries many emails, exactly at its limit under concurrency", async () => {
    const results = await Promise.all(
      Array.from({ length: 45 }, (_, i) => reserved(`user${i}@example.com`, "203.0.113.9")),
    );
    expect(results.filter(Boolean)).toHaveLength(30);
    expect(await lockedUntil("fresh@example.com", "203.0.113.9")).not.toBeNull();
    expect(await lockedUntil("fresh@example.com", "203.0.113.10")).toBeNull();
  });

  it("a completed sign-in forgets the email's failures and gives the address its attempt back", async () => {
    for (let i = 0; i < 4; i++) expect(await reserved("c@example.com", "203.0.113.2")).toBe(true);
    expect(await reserved("c@example.com", "203.0.113.2")).toBe(true);
    await releaseAttempt("c@example.com", "203.0.113.2", { forget: true });
    expect(await lockedUntil("c@example.com", null)).toBeNull();
    for (let i = 0; i < 5; i++) expect(await reserved("c@example.com")).toBe(true);
    expect(await reserved("c@example.com")).toBe(false);
    const [ip] = await db.signInThrottle.findMany({ where: { key: "ip:203.0.113.2" } });
    expect(ip!.failures).toBe(4);
  });

  it("an attempt given back without forgetting keeps the earlier failures", async () => {
    for (let i = 0; i < 4; i++) await reserved("d@example.com");
    expect(await reserved("d@example.com")).toBe(true);
    expect(await lockedUntil("d@example.com", null)).not.toBeNull();
    await releaseAttempt("d@example.com", null);
    expect(await lockedUntil("d@example.com", null)).toBeNull();
    expect(await reserved("d@example.com")).toBe(true);
    expect(await reserved("d@example.com")).toBe(false);
  });

  it("starts again once the window and the lock have run out", async () => {
    for (let i = 0; i < 5; i++) await reserved("e@example.com");
    expect(await reserved("e@example.com")).toBe(false);
    await db.$executeRaw`UPDATE sign_in_throttle SET window_start = now() - interval '31 minutes', locked_until = now() - interval '1 minute'`;
    expect(await reserved("e@example.com")).toBe(true);
    const [row] = await db.signInThrottle.findMany({ where: { key: "email:e@example.com" } });
    expect(row!.failures).toBe(1);
  });
});
