import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { Invalid } from "@/lib/platform/errors";
import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import { BULK_COLUMNS, BULK_EXAMPLE } from "./bulk-columns";
import { ruleText } from "./rules";
import { bulkDeclare, previewBulk } from "./bulk";
import { processDeclaration } from "./send";
import { client, customs, ops, paid, setUpCustoms, view } from "@/test/declarations-harness";

setUpCustoms();

const defaults = { merchantCustomsCode: "1234567890", merchantCustomsName: "Demo Trading" };
const HEADER = "reference,vendor,payment_type,customs_location,sub_order_no,order_fee,transport_fee,product_fee";

describe("bulk declarations: the preview", () => {
  it("shows every problem of every row at its line and column, and sends nothing", async () => {
    const good = await paid({ amount: 30_000, currency: "CNY", method: "wechatpay" });
    const csv = [
      HEADER,
      `${good.reference},wechatpay,Online,HANGZHOU,${good.reference}-a,200.005,10.00,190.00`,
      `${good.reference},wechatpay,Weekly,HANGZHOU,${good.reference}-b,abc,-5,95.00`,
      "no-such-order,alipay,Hosted,,,,,",
      `"=HYPERLINK(""http://x"")",paypal,Online,HANGZHOU,,,,`,
    ].join("\n");
    const before = { calls: customs.declareCalls, rows: await db.customsDeclaration.count() };
    const preview = await previewBulk(csv, defaults);
    const at = (line: number) => preview.rows.find((r) => r.line === line)!.problems.map((p) => [p.column, p.message]);
    expect(at(2)).toEqual([["order_fee", "CNY has at most 2 decimals"]]);
    expect(at(3)).toEqual([
      ["payment_type", "Differs from line 2: the rows of one order share the payment type."],
      ["order_fee", "Enter an amount in CNY such as 19.99"],
      ["transport_fee", "The amount cannot be negative"],
    ]);
    expect(at(4)).toEqual([
      ["customs_location", "Enter the customs location"],
      ["reference", "No payment with reference no-such-order in the ledger; import it first."],
    ]);
    expect(at(5).map(([column]) => column)).toEqual(["vendor", "reference"]);
    expect(preview.problems).toBe(8);
    expect(preview.orderCount).toBe(3);
    expect(JSON.stringify(preview)).not.toMatch(/subOrders\.|paymentType:|orderFee/);
    expect(customs.declareCalls).toBe(before.calls);
    expect(await db.customsDeclaration.count()).toBe(before.rows);
  });

  it("says once that a payment is missing, not also that its CNY amount is unknown", async () => {
    const preview = await previewBulk(
      `${HEADER}\nnone-such,wechatpay,Online,HANGZHOU,none-such-a,10.00,1.00,9.00`,
      defaults,
    );
    expect(preview.rows[0]!.problems).toEqual([
      {
        column: "reference",
        message: "No payment with reference none-such in the ledger; import it first.",
        words: { key: "notFound", values: { reference: "none-such" } },
      },
    ]);
  });

  it("gives the page each problem it can word in another language: the file's own and the declaration rules'", async () => {
    const good = await paid({ amount: 30_000, currency: "CNY", method: "wechatpay" });
    const csv = [
      HEADER,
      `${good.reference},wechatpay,Online,HANGZHOU,${good.reference}-a,200.00,10.00,180.00`,
      `${good.reference},wechatpay,Hosted,HANGZHOU,${good.reference}-b,,5.00,95.00`,
    ].join("\n");
    const problems = (await previewBulk(csv, defaults)).rows.flatMap((r) => r.problems);
    const zh = createTranslator({ locale: "zh-CN", messages: CATALOGS["zh-CN"], namespace: "customs" });
    const words = problems.map((p) =>
      p.rule
        ? ruleText(
            (k, v) => zh(k, v),
            (fen) => `¥${(fen / 100).toFixed(2)}`,
            p.rule,
          )
        : p.words
          ? zh(`bulk.problem.${p.words.key}`, p.words.values)
          : p.message,
    );
    expect(words).toEqual([
      `子订单 1（${good.reference}-a）：子订单金额（¥200.00）必须等于物流费 + 商品价格（¥190.00）。`,
      "与第 2 行不同：同一订单的各行 payment_type 必须相同。",
      "请填写以人民币计的子订单金额，例如 120.50",
    ]);
    // The English is the API's, as before.
    expect(problems.map((p) => p.message)).toContain(
      "Differs from line 2: the rows of one order share the payment type.",
    );
    const en = createTranslator({ locale: "en", messages: CATALOGS.en, namespace: "customs" });
    for (const p of problems.filter((x) => x.words))
      expect(en(`bulk.problem.${p.words!.key}`, p.words!.values)).toBe(p.message);
  });

  it("refuses a header it cannot read, naming the columns it takes", async () => {
    await expect(previewBulk("reference,vendr\nx,alipay", defaults)).rejects.toThrow(
      /lacks vendor, payment_type, customs_location\. Unknown column: vendr\. The columns are: reference, vendor/,
    );
  });

  it("masks an ID number in what it shows back", async () => {
    const preview = await previewBulk(
      "reference,vendor,payment_type,customs_location,buyer_name,id_number\nnone,upop,Online,HANGZHOU,Li Lei,110101199003077777",
      defaults,
    );
    expect(preview.rows[0]!.cells.id_number).toBe("**************7777");
  });
});

describe("bulk declarations: the confirm", () => {
  it("sends nothing when any row has a problem, and says which", async () => {
    const good = await paid({ amount: 12_000, currency: "CNY", method: "alipay" });
    const csv = [
      HEADER,
      `${good.reference},alipay,Online,HANGZHOU,,,,`,
      "no-such-order,alipay,Hosted,HANGZHOU,,,,",
    ].join("\n");
    const before = await db.customsDeclaration.count();
    const refused = await bulkDeclare(csv, defaults, actorFor(ops, client)).catch((e) => e);
    expect(refused).toBeInstanceOf(Invalid);
    expect(refused.message).toBe("One problem in the file; nothing was sent.");
    expect(refused.details.preview.rows[1].problems[0].column).toBe("reference");
    expect(await db.customsDeclaration.count()).toBe(before);
  });

  it("declares a valid file, a result per row", async () => {
    const good = await paid({ amount: 30_000, currency: "CNY", method: "wechatpay" });
    const csv = [
      HEADER,
      `${good.reference},wechatpay,Online,HANGZHOU,${good.reference}-a,200.00,10.00,190.00`,
      `${good.reference},wechatpay,Online,HANGZHOU,${good.reference}-b,100.00,5.00,95.00`,
    ].join("\n");
    const result = await bulkDeclare(csv, defaults, actorFor(ops, client));
    expect(result.rows.map((r) => [r.line, r.ok])).toEqual([
      [2, true],
      [3, true],
    ]);
    expect(result.sent).toBe(1);
    await processDeclaration(result.rows[0]!.declarationId!);
    expect((await view(result.rows[0]!.declarationId!)).subOrders.map((s) => s.state)).toEqual([
      "submitted",
      "submitted",
    ]);
  });

  it("accepts the template filled in", async () => {
    const c = await paid({ amount: 30_000, currency: "CNY", method: "wechatpay" });
    const row = BULK_COLUMNS.map((col) =>
      col === "reference" ? c.reference : col === "sub_order_no" ? `${c.reference}-A` : BULK_EXAMPLE[col],
    );
    const preview = await previewBulk(`${BULK_COLUMNS.join(",")}\n${row.join(",")}`, defaults);
    expect(preview.problems).toBe(0);
  });
});

describe("declaring an order once", () => {
  it("derives a bulk file's keys from its rows: the same file again declares nothing twice", async () => {
    const c = await paid({ amount: 12_000, currency: "CNY", method: "alipay" });
    const csv = ["reference,vendor,payment_type,customs_location", `${c.reference},alipay,Online,HANGZHOU`].join("\n");
    const first = await bulkDeclare(csv, defaults, actorFor(ops, client));
    await processDeclaration(first.rows[0]!.declarationId!);
    const before = customs.declareCalls;
    const second = await bulkDeclare(csv, defaults, actorFor(ops, client));
    expect(second.rows).toEqual([
      expect.objectContaining({ ok: true, replayed: true, declarationId: first.rows[0]!.declarationId }),
    ]);
    expect(second.sent).toBe(0);
    expect(customs.declareCalls).toBe(before);
    expect(await db.customsDeclaration.count({ where: { reference: c.reference } })).toBe(1);
  });

  it("marks an order already declared in the preview, with who declared it and when", async () => {
    const c = await paid({ amount: 12_000, currency: "CNY", method: "alipay" });
    const csv = ["reference,vendor,payment_type,customs_location", `${c.reference},alipay,Online,HANGZHOU`].join("\n");
    const first = await bulkDeclare(csv, defaults, actorFor(ops, client));
    const preview = await previewBulk(csv, defaults);
    expect(preview).toMatchObject({ problems: 0, orderCount: 1, declaredCount: 1 });
    expect(preview.rows[0]!.declared).toEqual({
      declarationId: first.rows[0]!.declarationId,
      by: ops.email,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("a double click (two confirms at once) declares the order once", async () => {
    const c = await paid({ amount: 12_000, currency: "CNY", method: "alipay" });
    const csv = ["reference,vendor,payment_type,customs_location", `${c.reference},alipay,Online,HANGZHOU`].join("\n");
    const [a, b] = await Promise.all([
      bulkDeclare(csv, defaults, actorFor(ops, client)),
      bulkDeclare(csv, defaults, actorFor(ops, client)),
    ]);
    expect(a.rows[0]!.declarationId).toBe(b.rows[0]!.declarationId);
    expect(a.sent + b.sent).toBe(1);
    expect(await db.customsDeclaration.count({ where: { reference: c.reference } })).toBe(1);
  });
});
