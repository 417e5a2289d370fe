import { describe, expect, it } from "vitest";
import { makeFormat } from "@/lib/platform/i18n/format";
import { catalogTranslator, messageText } from "@/lib/platform/i18n/message-text";
import type { Locale } from "@/lib/platform/i18n/locales";
import { keyed } from "@/lib/platform/keyed";
import type { Settings } from "@/lib/platform/settings/service";
import { lineText, pendingLine } from "./lines";
import { settingsLines } from "./rules";

// Issue 50 item 4: a waiting change read "Refund approval threshold USD: 50000 → 80000" (minor
// units read as dollars) and "Role of a@b.c: ops → finance" in any language.

const ROLES = [{ key: "auditors", label: "Auditors", own: true }];
function read(locale: Locale, line: string) {
  const money = makeFormat({ locale, timeZone: "UTC" }).money;
  const role = (key: string) => {
    const own = ROLES.find((r) => r.key === key);
    return own
      ? { name: own.label, own: true }
      : { name: messageText(keyed(`common.roles.${key}`), locale), own: false };
  };
  return pendingLine(catalogTranslator(locale), line, { money, role });
}
const current = {
  refundApprovalThresholds: { USD: 50_000, JPY: 1000 },
  refundApprovalPercent: null,
  mfaRequiredForEveryone: true,
} as unknown as Settings;

describe("a pending change's lines", () => {
  const lines = settingsLines(current, {
    refundApprovalThresholds: { USD: 80_000, EUR: 2000 },
    mfaRequiredForEveryone: false,
  });

  it("say thresholds as money in their currency, in the reader's language", () => {
    expect(lines.map((l) => lineText(read("en", l)))).toEqual([
      "Refund approval threshold EUR: none (always approval) → €20.00",
      "Refund approval threshold JPY: ¥1,000 → removed",
      "Refund approval threshold USD: $500.00 → $800.00",
      "Two-step sign-in for everyone: on → off",
    ]);
    expect(lines.map((l) => lineText(read("zh-CN", l)))).toEqual([
      "退款审批阈值 EUR：无（始终需审批）→ €20.00",
      "退款审批阈值 JPY：JP¥1,000 → 已移除",
      "退款审批阈值 USD：US$500.00 → US$800.00",
      "所有人启用两步验证：开启 → 关闭",
    ]);
  });

  it("name roles by their names and keep emails and a merchant's role names apart, as data", () => {
    const line = keyed("common.pending.line.userRole", {
      email: "li@example.com",
      beforeRole: "ops",
      afterRole: "auditors",
    });
    expect(read("zh-CN", line).parts).toEqual([
      { text: "li@example.com", data: true },
      { text: " 的角色：运营 → ", data: false },
      { text: "Auditors", data: true },
    ]);
    const gains = keyed("common.pending.line.roleGains", {
      targetRole: "auditors",
      permissionKey: "common.permissions.vault_read",
    });
    expect(lineText(read("en", gains))).toBe("Role Auditors gains: Read stored payment tokens");
  });

  it("shows a line stored before as it was, marked English, and audits in English", () => {
    expect(read("zh-CN", "Role of a@b.c: ops → finance")).toEqual({
      parts: [{ text: "Role of a@b.c: ops → finance", data: false }],
      english: true,
    });
    expect(messageText(lines[2]!)).toBe("Refund approval threshold USD: $500.00 → $800.00");
    expect(messageText(keyed("common.pending.line.passwordReset", { email: "a@b.c", userRole: "finance" }))).toBe(
      "Reset the password of a@b.c (Finance)",
    );
  });
});
