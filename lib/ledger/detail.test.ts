import { describe, expect, it } from "vitest";
import { actorFor } from "@/lib/platform/auth/actor";
import { requestRefund } from "@/lib/operations/request";
import { charge, client, control, finance, freshEachTest, key, setUpSandbox } from "@/test/operations-harness";
import { displayStatus } from "./display-status";
import { getTransactionDetail } from "./service";
import { presetOf } from "@/test/staff";

setUpSandbox();
freshEachTest();

describe("a transaction's detail right after the console moved money", () => {
  it("shows a refund that succeeded even while the charge's inquiry fails (no 'Refunded —' beside 'Refund succeeded')", async () => {
    const id = await charge({ amount: 10_000, capture: 10_000 });
    // The inquiry that brings the charge row up to date after the refund does not answer.
    await control("POST", "/__sandbox/faults", {
      fault: "http=503",
      method: "GET",
      path_prefix: "/v1/transactions",
      count: 20,
    });
    const { operation } = await requestRefund(
      id,
      { amount: 2500, reason: "consumer_requested" },
      key(),
      actorFor(finance, client),
    );
    expect(operation).toMatchObject({ status: "succeeded", message: "Refund of $25.00 succeeded." });

    const t = await getTransactionDetail(id, presetOf("finance"));
    expect([t.amountCaptured, t.amountRefunded, t.remainingToRefund]).toEqual([10_000, 2500, 7500]);
    expect(displayStatus(t)).toBe("partially_refunded");
  });
});
