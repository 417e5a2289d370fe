import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import { makeFormat } from "@/lib/platform/i18n/format";
import type { Locale } from "@/lib/platform/i18n/locales";
import { statusLabelWith } from "@/lib/ledger/status-label";
import { METHODS, STATUSES, TYPES } from "@/lib/ledger/constants";
import type { Operation } from "@/lib/generated/prisma/client";
import { ATTENTION_AFTER_CHECKS, operationMessage } from "./message";
import { OPERATION_STATUSES } from "./schemas";
import { operationView } from "./view";

// Issue 21: what a person reads about an operation comes from the catalogs in their language;
// in English it is word for word the API's own `message` (lib/operations/view.ts).

const translator = <NS extends "operations" | "statuses" | "paymentErrors">(locale: Locale, namespace: NS) =>
  createTranslator({ locale, messages: CATALOGS[locale], namespace, timeZone: "UTC" });
const words = (locale: Locale) => ({
  operations: translator(locale, "operations"),
  paymentErrors: translator(locale, "paymentErrors"),
});

function op(change: Partial<Operation>): Operation {
  const at = new Date("2026-11-23T12:34:00Z");
  return {
    id: "00000000-0000-4000-8000-000000000001",
    kind: "refund",
    transactionId: "tx_1",
    reference: "ref-1",
    idempotencyKey: "k",
    requestHash: "h",
    amount: 1250n,
    currency: "USD",
    reason: null,
    note: null,
    multiCapture: false,
    lastCapture: false,
    shippingVendor: null,
    shippingTracking: null,
    status: "succeeded",
    resultId: null,
    errorCode: null,
    errorMessage: null,
    ledgerApplied: false,
    requestedById: "00000000-0000-4000-8000-000000000002",
    requestedByEmail: "felix@example.com",
    decidedById: null,
    decidedByEmail: null,
    decisionComment: null,
    decidedAt: null,
    attempts: 0,
    checks: 0,
    lastAttemptAt: null,
    resolvedAt: null,
    createdAt: at,
    updatedAt: at,
    batchId: null,
    ...change,
  };
}

const cases: Partial<Operation>[] = [
  { status: "pending_approval" },
  { status: "rejected", decidedByEmail: "milo@example.com", decisionComment: "Not this one" },
  { status: "rejected", decisionComment: "No" },
  { kind: "capture", status: "pending" },
  { kind: "cancel", status: "succeeded" },
  { status: "failed", errorMessage: "Refund failed. The refund was refused." },
  { status: "failed" },
  { status: "unknown", checks: 1 },
  { status: "unknown", checks: ATTENTION_AFTER_CHECKS },
];

describe("operationMessage", () => {
  const en = makeFormat({ locale: "en", timeZone: "UTC" });
  it("in English is the API's message, word for word, for every status", () => {
    for (const change of cases) {
      const view = operationView(op(change));
      expect(operationMessage(words("en"), en, view)).toBe(view.message);
    }
  });

  it("reads as Chinese in zh-CN, with the amount in the Chinese number format", () => {
    const zh = makeFormat({ locale: "zh-CN", timeZone: "Asia/Shanghai" });
    const say = (change: Partial<Operation>) => operationMessage(words("zh-CN"), zh, operationView(op(change)));
    expect(say({ status: "pending_approval" })).toBe("退款 US$12.50 正在等待经理审批。");
    expect(say({ kind: "capture", status: "succeeded" })).toBe("请款 US$12.50 已成功。");
    expect(say({ status: "rejected", decidedByEmail: "milo@example.com", decisionComment: "重复" })).toBe(
      "退款 US$12.50 已被 milo@example.com 驳回：重复",
    );
    expect(say({ status: "unknown", checks: ATTENTION_AFTER_CHECKS })).toContain(`已核实 ${ATTENTION_AFTER_CHECKS} 次`);
    expect(say({ kind: "cancel", status: "unknown" })).toMatch(/^撤销 US\$12\.50：结果未知/);
  });

  it("gives the service's reason translated by the caller when it has one", () => {
    const view = operationView(op({ status: "failed", errorMessage: "Refund failed." }));
    expect(operationMessage(words("en"), en, view, "Translated reason.")).toBe(
      "Refund of $12.50 failed. Translated reason.",
    );
  });
});

describe("status labels", () => {
  it("name every status, type and method in both languages; an unknown value shows as it is", () => {
    for (const locale of ["en", "zh-CN"] as const) {
      const t = translator(locale, "statuses");
      for (const s of [...STATUSES, ...OPERATION_STATUSES, "partially_refunded", "partially_captured", "refunded"])
        expect(t.has(s as never), `${locale} statuses.${s}`).toBe(true);
      const tx = CATALOGS[locale].transactions;
      for (const type of TYPES) expect(tx.types[type], `${locale} types.${type}`).toBeTruthy();
      for (const m of METHODS) expect(tx.methods[m], `${locale} methods.${m}`).toBeTruthy();
      expect(statusLabelWith(t, "something_new")).toBe("something_new");
    }
    const en = translator("en", "statuses");
    const zh = translator("zh-CN", "statuses");
    expect(statusLabelWith(en, "pending_approval")).toBe("awaiting approval");
    expect(statusLabelWith(en, "succeeded")).toBe("succeeded");
    expect(statusLabelWith(zh, "pending_approval")).toBe("待审批");
    expect(statusLabelWith(en, "Notification of Claim")).toBe("Notification of Claim");
    expect(statusLabelWith(zh, "Notification of Claim")).toBe("拒付通知");
  });
});

describe("the service's explained refusals", () => {
  // One set of words per refusal: the operations catalog kept its own copy of every sentence,
  // and its Chinese had drifted from the customs area's (未通过认证 there, 未授权 here, for 4010).
  const refusals = async () => {
    const { UpiError, UPI_ERRORS } = await import("@/lib/upi/errors");
    const { CARD_REFUSALS } = await import("@/lib/upi/codes");
    return [
      ...Object.keys(UPI_ERRORS).map((code) => ({ code, upstream: "", key: code })),
      ...CARD_REFUSALS.map(([pattern, key]) => ({ code: "4200", upstream: pattern.source, key })),
    ].map((r) => ({ ...r, sentence: new UpiError(r.code, 400, r.upstream, "failed").sentence }));
  };

  it("are read back by their key, in English word for word what UpiError wrote", async () => {
    for (const r of await refusals()) {
      const view = operationView(op({ status: "failed", errorCode: r.code, errorMessage: r.sentence }));
      expect(view.errorKey, r.sentence).toBe(r.key);
      expect(operationMessage(words("en"), makeFormat({ locale: "en", timeZone: "UTC" }), view)).toBe(view.message);
    }
  });

  it("in Chinese are the payment errors' own words, the same as everywhere else in the console", async () => {
    const zh = makeFormat({ locale: "zh-CN", timeZone: "UTC" });
    for (const r of await refusals()) {
      const view = operationView(op({ status: "failed", errorCode: r.code, errorMessage: r.sentence }));
      const e = CATALOGS["zh-CN"].paymentErrors[r.key as "4202"];
      expect(operationMessage(words("zh-CN"), zh, view)).toBe(
        `退款 US$12.50 失败。${e.title}。${e.explanation}${e.action}`,
      );
    }
  });

  it("an unexplained one is shown as stored", () => {
    const zh = makeFormat({ locale: "zh-CN", timeZone: "UTC" });
    const raw = operationView(op({ status: "failed", errorCode: "4999", errorMessage: "Error 4999. Odd." }));
    expect(raw.errorKey).toBeNull();
    expect(operationMessage(words("zh-CN"), zh, raw)).toBe("退款 US$12.50 失败。Error 4999. Odd.");
  });
});
