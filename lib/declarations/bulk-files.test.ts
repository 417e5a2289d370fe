import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { DomainError } from "@/lib/platform/errors";
import { catalogTranslator } from "@/lib/platform/i18n/message-text";
import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import { ruleText } from "./rules";
import { bulkDeclare, previewBulk } from "./bulk";
import { actorFor } from "@/lib/platform/auth/actor";
import { client, customs, ops, paid, setUpCustoms } from "@/test/declarations-harness";

// Issue 33, journey 1: the files people really upload, each refused or marked with a clear
// problem in both languages, nothing sent or written.

setUpCustoms();

const defaults = { merchantCustomsCode: "1234567890", merchantCustomsName: "Demo Trading" };
const HEADER = "reference,vendor,payment_type,customs_location,sub_order_no,order_fee,transport_fee,product_fee";
const zhCustoms = createTranslator({ locale: "zh-CN", messages: CATALOGS["zh-CN"], namespace: "customs" });

/** A whole-file refusal: its rule, its English and its words in Chinese. */
async function refusal(csv: string) {
  const error = await previewBulk(csv, defaults).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a refusal, got ${String(error)}`);
  const zh = catalogTranslator("zh-CN")(`errors.rules.${error.rule}`, error.details);
  return { rule: error.rule, message: error.message, zh };
}

describe("bulk files people upload", () => {
  it.each([
    ["an empty file", "", "bulk_empty", /The file is empty/, /文件是空的/],
    ["a BOM and blank lines only", "\uFEFF\r\n\r\n", "bulk_empty", /The file is empty/, /文件是空的/],
    ["a header and no rows", `${HEADER}\r\n`, "bulk_no_rows", /a header but no rows/, /只有表头/],
    [
      "wrong and missing columns",
      "reference,vendr,amount\nx,alipay,1",
      "bulk_header",
      /^The header lacks vendor, payment_type, customs_location\. Unknown columns: vendr, amount\. The columns are: reference, vendor/,
      /^表头缺少 vendor, payment_type, customs_location。无法识别的列：vendr, amount。/,
    ],
    ["an unclosed quote", `${HEADER}\n"x,alipay`, "bulk_not_csv", /cannot be read as CSV near line 2/, /第 2 行附近/],
  ])("%s is refused whole, in both languages", async (_, csv, rule, en, zh) => {
    const r = await refusal(csv);
    expect(r.rule).toBe(rule);
    expect(r.message).toMatch(en);
    expect(r.zh).toMatch(zh);
  });

  it("reads an Excel export (BOM, CRLF, quoted header) as the file it is", async () => {
    const good = await paid({ amount: 30_000, currency: "CNY", method: "wechatpay" });
    const csv = `\uFEFF"reference","vendor","payment_type","customs_location"\r\n${good.reference},alipay,Online,HANGZHOU\r\n\r\n`;
    const preview = await previewBulk(csv, defaults);
    expect(preview.rows.map((r) => [r.line, r.problems])).toEqual([[2, []]]);
    expect(preview.orderCount).toBe(1);
  });

  it("marks a formula, an amount over the order's CNY amount and a duplicate order, each in both languages; nothing is written", async () => {
    const a = await paid({ amount: 30_000, currency: "CNY", method: "wechatpay" });
    const b = await paid({ amount: 10_000, currency: "CNY", method: "alipay" });
    const c = await paid({ amount: 10_000, currency: "CNY", method: "alipay" });
    const csv = [
      HEADER,
      `${a.reference},wechatpay,Online,HANGZHOU,${a.reference}-1,400.00,10.00,390.00`,
      `${c.reference},alipay,Online,=SUM(F2:F3),,,,`,
      `${b.reference},alipay,Online,HANGZHOU,,,,`,
      `${b.reference},alipay,Online,HANGZHOU,,,,`,
    ].join("\r\n");
    const before = { calls: customs.declareCalls, rows: await db.customsDeclaration.count() };
    const preview = await previewBulk(csv, defaults);
    const zh = preview.rows.map((r) =>
      r.problems.map((p) =>
        p.rule
          ? ruleText(
              (k, v) => zhCustoms(k, v),
              (fen) => `¥${(fen / 100).toFixed(2)}`,
              p.rule,
            )
          : zhCustoms(`bulk.problem.${p.words!.key}`, p.words!.values),
      ),
    );
    expect(preview.problems).toBe(3);
    expect(preview.rows[0]!.problems.map((p) => p.rule?.key)).toEqual(["over"]);
    expect(zh[0]).toEqual(["子订单合计 ¥400.00，超过订单金额 ¥300.00。"]);
    expect(preview.rows[1]!.problems).toEqual([
      {
        column: "customs_location",
        message: "A formula is not a value: save the sheet with its values, not its formulas.",
        words: { key: "formula", values: {} },
      },
    ]);
    expect(zh[1]).toEqual(["公式不是数值：请在保存表格时保留数值，而不是公式。"]);
    expect(preview.rows[3]!.problems.map((p) => p.words?.key)).toEqual(["sameOrder"]);
    expect(zh[3]![0]).toContain(`第 4 行`);
    // The confirm checks again and sends nothing; nothing is written either.
    await expect(bulkDeclare(csv, defaults, actorFor(ops, client))).rejects.toThrow(/nothing was sent/);
    expect(customs.declareCalls).toBe(before.calls);
    expect(await db.customsDeclaration.count()).toBe(before.rows);
  });
});
