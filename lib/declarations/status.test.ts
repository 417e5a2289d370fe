import { describe, expect, it } from "vitest";
import { declarationStatus, declaredCny, subOrderStatus } from "./status";

const sub = (state: string, customsStatus: string | null = null) => ({ state, customsStatus });

describe("declarationStatus", () => {
  it.each([
    // A sub-order Customs refused is rejected, not the green "submitted" it was sent as.
    [[sub("submitted", "EXCEPT")], "rejected"],
    [[sub("submitted", "FAIL")], "rejected"],
    [[sub("submitted", "SUCCESS"), sub("submitted", "EXCEPT")], "rejected"],
    [[sub("pending"), sub("submitted", "EXCEPT")], "rejected"],
    [[sub("failed"), sub("pending")], "failed"],
    [[sub("unknown"), sub("sending")], "unknown"],
    [[sub("sending"), sub("submitted", "SUCCESS")], "sending"],
    [[sub("submitted", "SUCCESS"), sub("submitted", "PROCESSING")], "submitted"],
    // A corrected sub-order is history: its replacement decides.
    [[sub("corrected", "EXCEPT"), sub("submitted", "SUCCESS")], "accepted"],
    // Customs accepted every live sub-order: "accepted", not the "submitted" still awaiting its word.
    [[sub("submitted", "SUCCESS")], "accepted"],
    [[sub("corrected", "EXCEPT")], "corrected"],
    [[], "corrected"],
  ] as const)("%j → %s", (subOrders, status) => {
    expect(declarationStatus(subOrders)).toBe(status);
  });

  it("names a sub-order's own status the same way", () => {
    expect(subOrderStatus(sub("submitted", "EXCEPT"))).toBe("rejected");
    expect(subOrderStatus(sub("submitted", "SUBMITTED"))).toBe("submitted");
    expect(subOrderStatus(sub("submitted", "SUCCESS"))).toBe("accepted");
    expect(subOrderStatus(sub("corrected", "EXCEPT"))).toBe("corrected");
  });
});

describe("declaredCny", () => {
  const fee = (state: string, customsStatus: string | null, orderFee: number | null) => ({
    state,
    customsStatus,
    orderFee,
  });
  it("counts live sub-orders Customs has not refused, a whole order at the payment's CNY amount", () => {
    expect(
      declaredCny({
        isSplit: true,
        parentCnyFen: 50_000,
        subOrders: [
          fee("submitted", "SUCCESS", 10_000),
          fee("submitted", "EXCEPT", 20_000),
          fee("failed", null, 5_000),
          fee("corrected", "EXCEPT", 7_000),
          fee("pending", null, 3_000),
        ],
      }),
    ).toBe(13_000);
    expect(
      declaredCny({ isSplit: false, parentCnyFen: 71_000, subOrders: [fee("submitted", "SUBMITTED", null)] }),
    ).toBe(71_000);
    expect(declaredCny({ isSplit: false, parentCnyFen: 71_000, subOrders: [fee("submitted", "FAIL", null)] })).toBe(0);
  });
});
