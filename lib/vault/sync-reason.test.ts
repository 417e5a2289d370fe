import { describe, expect, it } from "vitest";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import { UPI_ERRORS, UpiError, outcomeUnknown } from "@/lib/upi/errors";
import { syncReason } from "./list";

// Issue 21: why the vault list could not be read, as a key the page says in the reader's language.

describe("syncReason", () => {
  it("keys an explained service error, whose English catalog text is the sentence the API wrote", () => {
    const reason = syncReason(new UpiError("4010", 401, "bad token", "failed"));
    expect(reason).toEqual({ text: `${UPI_ERRORS["4010"]!.title}. ${UPI_ERRORS["4010"]!.explanation}`, key: "4010" });
    expect(CATALOGS.en.vault.sync["4010"]).toBe(reason.text);
    expect(CATALOGS["zh-CN"].vault.sync["4010"]).toBe("未通过认证。支付服务未接受控制台的凭证。");
  });

  it("every explained error's English catalog text is its title and explanation", () => {
    for (const [code, e] of Object.entries(UPI_ERRORS))
      expect(CATALOGS.en.vault.sync[code as keyof typeof CATALOGS.en.vault.sync], code).toBe(
        `${e.title}. ${e.explanation}`,
      );
  });

  it("leaves an unexplained answer unkeyed (shown as the service said it); anything else is 'unreadable'", () => {
    expect(syncReason(new UpiError("4999", 400, "odd", "failed")).key).toBeNull();
    expect(syncReason(outcomeUnknown("timeout", "socket hang up")).key).toBeNull();
    expect(syncReason(new Error("boom"))).toEqual({
      text: CATALOGS.en.vault.sync.unreadable,
      key: "unreadable",
    });
  });
});
