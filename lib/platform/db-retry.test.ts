import { describe, expect, it } from "vitest";
import { isDeadlock, retryOnDeadlock } from "./db-retry";

describe("retryOnDeadlock", () => {
  it("runs a deadlock's victim again, and only that", async () => {
    let calls = 0;
    const answer = await retryOnDeadlock(async () => {
      calls++;
      if (calls === 1)
        throw Object.assign(new Error("deadlock detected: deadlock detected"), { name: "DriverAdapterError" });
      return "done";
    });
    expect(answer).toBe("done");
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw new Error("unique constraint");
      }),
    ).rejects.toThrow("unique constraint");
    expect(calls).toBe(1);
  });

  it("gives up after its tries", async () => {
    let calls = 0;
    const deadlock = Object.assign(new Error("x"), { code: "40P01" });
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw deadlock;
      }, 3),
    ).rejects.toBe(deadlock);
    expect(calls).toBe(3);
    expect(isDeadlock({ cause: { code: "40P01" } })).toBe(true);
  });
});
