import { describe, expect, it } from "vitest";
import { runSteps } from "./steps";

describe("runSteps", () => {
  it("runs every step after one that throws, then fails with what failed", async () => {
    const ran: string[] = [];
    const step = (name: string, fails = false) =>
      [
        name,
        async () => {
          ran.push(name);
          if (fails) throw new Error(`${name} broke`);
        },
      ] as [string, () => Promise<void>];
    const run = runSteps([step("sweep"), step("remind", true), step("fold"), step("watch", true), step("digest")]);
    await expect(run).rejects.toMatchObject({ errors: [{ message: "remind broke" }, { message: "watch broke" }] });
    expect(ran).toEqual(["sweep", "remind", "fold", "watch", "digest"]);
  });

  it("succeeds when every step does", async () => {
    await expect(runSteps([["a", async () => 1]])).resolves.toBeUndefined();
  });
});
