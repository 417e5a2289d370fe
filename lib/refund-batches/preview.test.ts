import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { requestRefund } from "@/lib/operations/request";
import { charge, client, finance, freshEachTest, key, setUpSandbox } from "@/test/operations-harness";
import { inputsFromCsv, previewRefundBatch } from "./preview";

setUpSandbox();
freshEachTest();
beforeEach(async () => {
  await db.refundBatch.deleteMany();
});

const problemsOf = (p: Awaited<ReturnType<typeof previewRefundBatch>>) =>
  p.rows.map((r) => r.problems.map((x) => x.message.split("|")[0]));

describe("refund batch preview", () => {
  it("resolves ids and merchant references, and says every problem on its row", async () => {
    const a = await charge({ amount: 10_000, capture: 10_000 });
    const b = await charge({ amount: 5_000, capture: 5_000 });
    const jpy = await charge({ amount: 3_000, currency: "JPY", capture: 3_000 });
    const reference = (await db.ledgerTransaction.findUniqueOrThrow({ where: { id: b } })).reference!;
    const csv = [
      "transaction,amount,reason,note",
      `${a},25.00,consumer_requested,`,
      `${reference},,Product issue,recall`,
      `${a},10.00,fraud,`,
      `${jpy},10.5,fraud,`,
      "ch_nowhere,1.00,fraud,",
      `${a},=SUM(A1),fraud,`,
      `${jpy},5000,other,`,
    ].join("\n");
    const preview = await previewRefundBatch(inputsFromCsv(csv));
    expect(preview.rows.map((r) => [r.index, r.transactionId, r.amount])).toEqual([
      [1, a, 2500],
      [2, b, 5000],
      [3, a, 1000],
      [4, jpy, null],
      [5, null, null],
      [6, a, null],
      [7, jpy, 5000],
    ]);
    expect(problemsOf(preview)).toEqual([
      [],
      [],
      ["refundBatches.problems.twice"],
      ["validation.noDecimals"],
      ["refundBatches.problems.notFound"],
      ["refundBatches.problems.formula", "refundBatches.problems.twice"],
      ["refundBatches.problems.otherNote", "refundBatches.problems.twice", "refundBatches.problems.overLeft"],
    ]);
    expect(preview.rows[6]!.problems[2]!.text).toBe(
      "Only ¥3,000 is left to refund on this charge (refunds in flight or waiting count too).",
    );
    expect(preview.totals).toEqual({ USD: 7500 });
    expect(preview.problems).toBe(5);
  });

  it("counts what is refunded, in flight and waiting, and calls the same refund again already made", async () => {
    const a = await charge({ amount: 100_000, capture: 100_000 });
    const full = await charge({ amount: 2_000, capture: 2_000 });
    await requestRefund(a, { amount: 1_000, reason: "fraud" }, key(), actorFor(finance, client));
    // Over the USD 500.00 per-charge threshold: it waits, and still holds its amount back.
    await requestRefund(a, { amount: 60_000, reason: "fraud" }, key(), actorFor(finance, client));
    await requestRefund(full, { reason: "fraud" }, key(), actorFor(finance, client));
    const csv = ["transaction,amount,reason", `${a},10.00,fraud`, `${a.toUpperCase()}x,,fraud`, `${full},,fraud`].join(
      "\n",
    );
    const preview = await previewRefundBatch(inputsFromCsv(csv));
    expect(problemsOf(preview)).toEqual([
      ["refundBatches.problems.already"],
      ["refundBatches.problems.notFound"],
      ["refundBatches.problems.already"],
    ]);
    const again = await previewRefundBatch(inputsFromCsv(`transaction,reason\n${a},fraud`));
    // All that is left: 1000.00 − 10.00 − 600.00 (waiting) = 390.00, and with them over the threshold.
    expect(again.rows[0]).toMatchObject({ amount: 39_000, needsManager: true, problems: [] });
  });

  it("reads a semicolon file with Chinese reasons and decimal commas; an authorized charge is to be captured first", async () => {
    const eur = await charge({ amount: 20_000, currency: "EUR", capture: 20_000 });
    const authorized = await charge({ amount: 8_000, currency: "HKD" });
    const csv = [
      "transaction;amount;reason;note",
      `${eur};12,50;商品问题;退货：包装破损`,
      `${authorized};;Fraud;`,
      `${eur};1,00;refund please;`,
    ].join("\r\n");
    const preview = await previewRefundBatch(inputsFromCsv(csv));
    expect(preview.rows.map((r) => [r.amount, r.reason, r.note])).toEqual([
      [1250, "product_issue", "退货：包装破损"],
      [0, "fraud", null],
      [100, null, null],
    ]);
    expect(problemsOf(preview)).toEqual([
      [],
      ["refundBatches.problems.captureFirst"],
      ["refundBatches.problems.reason", "refundBatches.problems.twice"],
    ]);
    expect(preview.rows[1]!.problems[0]!.text).toMatch(/^Nothing is captured on this charge yet: .*Capture it first/);
    expect(preview.rows[2]!.problems[0]!.text).toBe(
      "Choose a reason: Consumer requested, Inventory issue, Product issue, Fraud or Other.",
    );
  });

  it("refuses a file without the columns it needs, as the customs file is refused", async () => {
    await expect(async () => previewRefundBatch(inputsFromCsv("amount,reason\n1.00,fraud"))).rejects.toMatchObject({
      rule: "bulk_header",
    });
    await expect(async () => previewRefundBatch(inputsFromCsv(""))).rejects.toMatchObject({ rule: "bulk_empty" });
  });
});
