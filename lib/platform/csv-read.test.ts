import { describe, expect, it } from "vitest";
import { headerDelimiter, readCsvTable } from "./csv-read";

const shape = {
  columns: ["transaction", "amount", "reason", "note"],
  required: ["transaction", "reason"],
  maxRows: 10,
};

describe("readCsvTable", () => {
  it("reads a file Excel saved with semicolons (a comma is the decimal mark there)", () => {
    const csv = '\uFEFFtransaction;amount;reason;note\r\norder-1;12,50;product_issue;"退货; 包装破损"\r\n';
    expect(headerDelimiter(csv)).toBe(";");
    expect(readCsvTable(csv, shape)).toEqual([
      { transaction: "order-1", amount: "12,50", reason: "product_issue", note: "退货; 包装破损" },
    ]);
  });

  it("keeps commas the separator when the header has them, and reads a tab-separated export", () => {
    expect(headerDelimiter("transaction,amount,reason\norder-1;x,1,fraud")).toBe(",");
    expect(headerDelimiter('"a;b",c')).toBe(",");
    expect(readCsvTable("transaction\treason\norder-2\tfraud", shape)).toEqual([
      { transaction: "order-2", reason: "fraud" },
    ]);
  });
});
