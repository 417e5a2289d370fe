import { describe, expect, it } from "vitest";
import { createUpiClient } from "./client";
import { UPI_ERRORS, UpiError } from "./errors";
import { card, config, control, newManager, ref, setUpClientSandbox } from "@/test/upi-harness";

// Against the sandbox over HTTP and the real PostgreSQL that `npm test` starts.

setUpClientSandbox();

describe("errors", () => {
  const codes = [
    "4000",
    "4010",
    "4100",
    "4101",
    "4102",
    "4103",
    "4105",
    "4106",
    "4107",
    "4200",
    "4201",
    "4202",
    "4203",
    "4204",
    "4205",
    "4206",
    "4208",
    "5100",
  ];

  it.each(codes)("maps %s to its explanation", async (code) => {
    const upi = createUpiClient(config, newManager());
    await control("/__sandbox/faults", {
      fault: `error=${code}`,
      path_prefix: "/v1/vault",
      count: code === "4010" ? 2 : 1,
    });
    const error = (await upi.vaultList().catch((e) => e)) as UpiError;
    expect(error).toBeInstanceOf(UpiError);
    expect(error.code).toBe(code);
    expect(error.explanation).toBe(UPI_ERRORS[code]!.explanation);
    expect(error.action.length).toBeGreaterThan(10);
    expect(error.outcome).toBe("failed");
  });

  // Issue 30, item 12: a 508 (4105–4107) on a money-moving call may have moved the money.
  it("says 'outcome unknown' for a time-out, a reset, a 5xx or a 508 on a money-moving call; a 508 on a read failed", async () => {
    // Answered calls get the usual time; only the one that hangs meets the short time-out (one token for both).
    const tokens = newManager();
    const upi = createUpiClient(config, tokens);
    const impatient = createUpiClient({ ...config, timeoutMs: 300 }, tokens);
    const charge = await upi.createCharge({
      transaction: { reference: ref("c"), amount: 1000, currency: "USD" },
      payment: { method: "card", data: card },
    });
    for (const fault of ["hang-after", "reset-after", "error-after=5100", "error=4101"]) {
      await control("/__sandbox/faults", { fault, path_prefix: "/v1/captures", count: 1 });
      const e = (await (fault === "hang-after" ? impatient : upi)
        .capture({ id: charge.id, reference: ref("cap"), transaction_amount: 1 })
        .catch((x) => x)) as UpiError;
      expect([fault, e.outcome]).toEqual([fault, "unknown"]);
      expect(e.action).toContain("Do not retry");
    }
    for (const code of ["4105", "4106", "4107"]) {
      await control("/__sandbox/faults", { fault: `error=${code}`, path_prefix: "/v1/captures", count: 1 });
      const gateway = (await upi
        .capture({ id: charge.id, reference: ref("cap"), transaction_amount: 1 })
        .catch((x) => x)) as UpiError;
      expect(gateway).toMatchObject({ code, httpStatus: 508, outcome: "unknown" });
      expect(gateway.action).toContain("Do not retry");
    }
    // A bare answer the spec does not define (a proxy's 404 page) settles nothing either.
    await control("/__sandbox/faults", { fault: "http-after=404", path_prefix: "/v1/captures", count: 1 });
    const bare = (await upi
      .capture({ id: charge.id, reference: ref("cap"), transaction_amount: 1 })
      .catch((x) => x)) as UpiError;
    expect(bare).toMatchObject({ httpStatus: 404, outcome: "unknown" });
    await control("/__sandbox/faults", { fault: "error=4105", path_prefix: "/v1/transactions", count: 1 });
    const read = (await upi.getTransaction(charge.id).catch((x) => x)) as UpiError;
    expect(read).toMatchObject({ code: "4105", httpStatus: 508, outcome: "failed" });
  });

  it("reports a refused connection as unknown for money and failed for reads", async () => {
    const upi = createUpiClient(
      { baseUrl: "http://127.0.0.1:1", timeoutMs: 1000 },
      { get: async () => "t", renew: async () => "t" },
    );
    await expect(upi.refund({ id: "1", reference: "r" })).rejects.toMatchObject({
      code: "network",
      outcome: "unknown",
    });
    await expect(upi.getTransaction("1")).rejects.toMatchObject({ code: "network", outcome: "failed" });
  });
});
