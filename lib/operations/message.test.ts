import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/i18n/catalog";
import { makeFormat } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { statusLabelWith } from "@/lib/ledger/status-label";
import { METHODS, STATUSES, TYPES } from "@/lib/ledger/constants";
import type { Operation } from "@/lib/generated/prisma/client";
import { ATTENTION_AFTER_CHECKS, operationMessage } from "./message";
import { OPERATION_STATUSES } from "./schemas";
import { operationView } from "./view";

// Issue 21: what a person reads about an operation comes from the catalogs in their language;
// in English it is word for word the API's own `message` (lib/operations/view.ts).

const translator = <NS extends "operations" | "statuses">(locale: Locale, namespace: NS) =>
  createTranslator({ locale, messages: CATALOGS[locale], namespace, timeZone: "UTC" });

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
      expect(operationMessage(translator("en", "operations"), en, view)).toBe(view.message);
    }
  });

  it("reads as Chinese in zh-CN, with the amount in the Chinese number format", () => {
    const zh = makeFormat({ locale: "zh-CN", timeZone: "Asia/Shanghai" });
    const t = translator("zh-CN", "operations");
    const say = (change: Partial<Operation>) => operationMessage(t, zh, operationView(op(change)));
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
    expect(operationMessage(translator("en", "operations"), en, view, "Translated reason.")).toBe(
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
  it("in English are the sentences UpiError writes, so an English failure reads as before", async () => {
    const { explainedRefusals } = await import("./reason");
    for (const [key, sentence] of explainedRefusals())
      expect(CATALOGS.en.operations.upi[key as keyof typeof CATALOGS.en.operations.upi], key).toBe(sentence);
  });

  it("a failed refund reads its reason in the reader's language; an unexplained one as stored", async () => {
    const { UpiError } = await import("@/lib/upi/errors");
    const refused = new UpiError("4202", 400, "refund amount exceeds", "failed").sentence;
    const view = operationView(op({ status: "failed", errorCode: "4202", errorMessage: refused }));
    expect(view.errorKey).toBe("4202");
    const zh = makeFormat({ locale: "zh-CN", timeZone: "UTC" });
    expect(operationMessage(translator("zh-CN", "operations"), zh, view)).toBe(
      `退款 US$12.50 失败。${CATALOGS["zh-CN"].operations.upi["4202"]}`,
    );
    const en = makeFormat({ locale: "en", timeZone: "UTC" });
    expect(operationMessage(translator("en", "operations"), en, view)).toBe(view.message);

    const card = new UpiError("4200", 400, "Card expired", "failed").sentence;
    expect(operationView(op({ status: "failed", errorCode: "4200", errorMessage: card })).errorKey).toBe(
      "card_expired",
    );
    const raw = operationView(op({ status: "failed", errorCode: "4999", errorMessage: "Error 4999. Odd." }));
    expect(raw.errorKey).toBeNull();
    expect(operationMessage(translator("zh-CN", "operations"), zh, raw)).toBe("退款 US$12.50 失败。Error 4999. Odd.");
  });
});
