import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import type { Locale } from "@/lib/platform/i18n/locales";
import { makeFormat } from "@/lib/platform/i18n/format";
import { CUSTOMS_ERRORS, CustomsError } from "@/lib/customs/errors";
import { UpiError } from "@/lib/upi/errors";
import { type PaymentErrorsT, paymentError } from "@/lib/upi/codes";
import { declarationIssues, ruleText } from "@/lib/declarations/rules";
import { ruleWords } from "@/lib/declarations/rule-words";
import {
  cnyNote,
  customsError,
  inquireProblem,
  customsStatusLabel,
  type CustomsT,
  stateLabel,
  vendorLabel,
} from "./explain";
import { storedDetail, subOrderProblem, subOrderWords } from "./stored-problem";

// Issue 21: the customs and payment-service codes explained in the reader's language; the
// sentence stored for a refused sub-order shown in Chinese, the service's own detail kept.

const t = (locale: Locale) =>
  createTranslator({ locale, messages: CATALOGS[locale], namespace: "customs" }) as unknown as CustomsT;
const zh = t("zh-CN");
const en = t("en");
const refusals = (locale: Locale) =>
  createTranslator({ locale, messages: CATALOGS[locale], namespace: "paymentErrors" }) as unknown as PaymentErrorsT;

/** What lib/declarations/send.ts stores for a refusal. */
const stored = (e: CustomsError) =>
  `${e.explanation}${e.detail && e.detail !== e.explanation ? ` (${e.detail})` : ""} ${e.action}`.trim();

describe("customs error explanations", () => {
  it("has a catalog key per spec code (ZZ, B1–B4, B6) in both languages, the English the error's own", () => {
    for (const code of ["ZZ", "B1", "B2", "B3", "B4", "B6"]) {
      expect(customsError(en, code)).toEqual({
        explanation: CUSTOMS_ERRORS[code]!.explanation,
        action: CUSTOMS_ERRORS[code]!.action,
      });
      const chinese = customsError(zh, code)!;
      expect(chinese.explanation).toMatch(/[\u4e00-\u9fff]/);
      expect(chinese.action).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(customsError(zh, "B9")).toBeNull();
  });

  it("shows a stored refusal in the reader's language, keeping the service's detail and the English as it was", () => {
    const e = new CustomsError("B3", "sub_order_no too long");
    const text = stored(e);
    expect(storedDetail("B3", text)).toBe("sub_order_no too long");
    expect(subOrderProblem(en, "B3", text)).toBe(text);
    expect(subOrderProblem(zh, "B3", text)).toBe(
      "参数缺失或有误。（sub_order_no too long）请阅读下方详情，更正该字段后重新提交。",
    );
    const bare = stored(new CustomsError("B2", ""));
    expect(subOrderProblem(en, "B2", bare)).toBe(bare);
    expect(subOrderProblem(zh, "B2", bare)).toBe(
      "服务方找不到该商户订单号对应的已支付订单。请检查商户订单号：必须与支付时提交的一致，且支付须已完成。",
    );
  });

  it("leaves the service's own words (an inquiry's error detail, an unknown code) as they came", () => {
    expect(subOrderProblem(zh, "B3", "order_fee exceeds the parent amount")).toBe(
      "order_fee exceeds the parent amount",
    );
    expect(subOrderProblem(zh, "Q7", "something else")).toBe("something else");
    expect(subOrderProblem(zh, "B2", "Customs has no record of it: it was not submitted. Resubmit it.")).toBe(
      "海关没有该子订单的记录：它并未提交成功。请重新申报。",
    );
  });

  it("labels what Customs said itself apart from the console's words (issue 50, item 4)", () => {
    const text = stored(new CustomsError("B3", "sub_order_no too long"));
    expect(subOrderWords(zh, "B3", text)).toEqual({
      words: "参数缺失或有误。请阅读下方详情，更正该字段后重新提交。",
      customs: "sub_order_no too long",
    });
    expect(subOrderWords(zh, "Q7", "订单金额不符")).toEqual({ words: null, customs: "订单金额不符" });
    expect(subOrderWords(zh, "B2", stored(new CustomsError("B2", ""))).customs).toBeNull();
  });

  it("explains the payment service's 4xxx codes, card refusals included, in both languages", () => {
    for (const code of ["4000", "4010", "4100", "4200", "4201", "4202", "4203", "5100", "timeout"]) {
      const e = new UpiError(code, 400, "x", "failed");
      expect(paymentError(refusals("en"), code)).toEqual({
        title: e.title,
        explanation: e.explanation,
        action: e.action,
      });
      expect(paymentError(refusals("zh-CN"), code)!.title).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(paymentError(refusals("zh-CN"), "4200", "card expired")!.title).toBe("卡已过期");
    expect(paymentError(refusals("en"), "4200", "card expired")!.title).toBe(
      new UpiError("4200", 406, "card expired", "failed").title,
    );
    expect(paymentError(refusals("zh-CN"), "4999")).toBeNull();
  });

  it("names statuses and vendors in Chinese, and keeps codes it does not know", () => {
    expect(customsStatusLabel(zh, "SUCCESS")).toBe("申报成功");
    expect(customsStatusLabel(en, "SUCCESS")).toBe("accepted (SUCCESS)");
    expect(customsStatusLabel(zh, "NEW_ONE")).toBe("NEW_ONE");
    expect(vendorLabel(zh, "wechatpay")).toBe("微信支付");
    expect(vendorLabel(en, "wechatpay")).toBe("WeChat Pay");
  });

  it("calls EXCEPT by the word of its badge, and SUCCESS by accepted's", () => {
    for (const t of [en, zh]) {
      expect(customsStatusLabel(t, "EXCEPT").startsWith(stateLabel(t, "rejected"))).toBe(true);
      expect(customsStatusLabel(t, "FAIL").startsWith(stateLabel(t, "rejected"))).toBe(true);
      expect(customsStatusLabel(t, "SUCCESS").startsWith(stateLabel(t, "accepted"))).toBe(true);
    }
  });
});

describe("declaration rules in the reader's language", () => {
  const parent = { currency: "USD", amount: 10_000, cnyFen: 71_000, method: "wechatpay" };
  const subs = [
    { subOrderNo: "A", orderFee: 50_000, transportFee: 1000, productFee: 49_000 },
    { subOrderNo: "B", orderFee: 30_000, transportFee: 0, productFee: 20_000 },
  ];
  const issues = declarationIssues(
    { vendor: "wechatpay", paymentType: "Online", isSplit: true, subOrders: subs },
    parent,
  );

  it("gives each problem in Chinese with the reader's money format, and the same English as before", () => {
    const f = makeFormat({ locale: "zh-CN", timeZone: "Asia/Shanghai" });
    const chinese = issues.map((i) =>
      ruleText(
        (k, v) => zh(k, v),
        (fen) => f.money(fen, "CNY"),
        i,
      ),
    );
    expect(chinese).toEqual([
      "子订单 2（B）：子订单金额（¥300.00）必须等于物流费 + 商品价格（¥200.00）。",
      "子订单合计 ¥800.00，超过订单金额 ¥710.00。",
    ]);
    const english = makeFormat({ locale: "en", timeZone: "UTC" });
    expect(
      issues.map((i) =>
        ruleText(
          (k, v) => en(k, v),
          (fen) => english.money(fen, "CNY"),
          i,
        ),
      ),
    ).toEqual(issues.map((i) => ruleWords(i)));
  });
});

describe("an inquiry's problems and a missing CNY amount, in the reader's language", () => {
  it("words each inquiry problem by its code, keeping the English of a code it does not know", () => {
    const still = { subOrderNo: "A-1", code: "still_settling", message: "Sub-order A-1 is still being checked: …" };
    expect(inquireProblem(zh, still)).toBe("子订单 A-1 仍在核实中：海关可能需要一分钟才能显示。请一分钟后重试。");
    expect(inquireProblem(en, still)).toBe(
      "Sub-order A-1 is still being checked: Customs may need a minute to show it. Try again in a minute.",
    );
    const b1 = { subOrderNo: "A-1", code: "B1", message: `A-1: ${CUSTOMS_ERRORS.B1!.explanation}` };
    expect(inquireProblem(en, b1)).toBe(b1.message);
    expect(inquireProblem(zh, b1)).toBe("A-1：海关申报服务不接受控制台的令牌。");
    expect(inquireProblem(zh, { subOrderNo: "A-1", code: null, message: "A-1: no answer" })).toBe("A-1：无应答");
    expect(inquireProblem(zh, { subOrderNo: "A-1", code: "weird", message: "as sent" })).toBe("as sent");
  });

  it("says why the CNY amount is missing, from the reason the API gives beside its English note", () => {
    expect(cnyNote(zh, { cnyNote: "x", cnyReason: { code: "upop" } })).toBe("银联支付不提供人民币金额（amount_CNY）。");
    expect(cnyNote(en, { cnyNote: "x", cnyReason: { code: "upop" } })).toBe("amount_CNY is unavailable for upop.");
    expect(cnyNote(zh, { cnyNote: "x", cnyReason: { code: "fetch_failed", error: "B1" } })).toBe(
      "无法获取人民币金额：海关申报服务不接受控制台的令牌。",
    );
    expect(cnyNote(en, { cnyNote: "x", cnyReason: { code: "no_cny", method: "alipay", currency: "USD" } })).toBe(
      "The Alipay payment in USD has no CNY amount from the service.",
    );
    expect(cnyNote(zh, { cnyNote: "the API's words", cnyReason: null })).toBe("the API's words");
  });
});
