import { describe, expect, it } from "vitest";
import { type CorrectionTarget, correctionBudget, correctionDefaults } from "./correction-values";

// The budget line under the correction form says what Customs will count once it is sent: it
// must read the fields as the server will (an empty field keeps what was sent).

const target: CorrectionTarget = {
  declarationId: "d",
  vendor: "alipay",
  isSplit: true,
  paymentType: "Online",
  duty: null,
  buyerName: null,
  idType: null,
  idNumberMasked: null,
  subOrder: { id: "s", subOrderNo: "SUB-2", orderFee: 40_00, transportFee: null, productFee: null },
  // A 100.00 CNY order: Customs holds 60.00 of another sub-order and this one's rejected 40.00.
  budget: { cap: 100_00, used: 100_00, thisHeld: 40_00 },
};

describe("correctionBudget", () => {
  it("counts the corrected fee in place of the rejected one under the same number", () => {
    const b = correctionBudget({ ...correctionDefaults(target), orderFee: "35.00" }, target);
    expect(b).toMatchObject({ besides: 60_00, kept: 0, total: 95_00, left: 5_00, over: false });
  });

  it("counts an emptied order fee as the fee the server keeps, not as zero", () => {
    const b = correctionBudget({ ...correctionDefaults(target), orderFee: "" }, target);
    expect(b).toMatchObject({ total: 100_00, left: 0, over: false });
  });

  it("under a new number Customs still counts the rejected one", () => {
    const b = correctionBudget({ ...correctionDefaults(target), subOrderNo: "SUB-2b", orderFee: "" }, target);
    expect(b).toMatchObject({ kept: 40_00, total: 140_00, over: true });
  });
});
