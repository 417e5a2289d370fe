import { describe, expect, it } from "vitest";
import { makeFormat } from "./format";

describe("the reader's format", () => {
  it("puts no space after a Chinese full stop, one after an English sentence", () => {
    const zh = makeFormat({ locale: "zh-CN", timeZone: "Asia/Shanghai" });
    const en = makeFormat({ locale: "en", timeZone: "UTC" });
    expect(["尚未配置。", "以下是控制台已知的卡令牌。"].join(zh.sentenceGap)).toBe(
      "尚未配置。以下是控制台已知的卡令牌。",
    );
    expect(["Not configured.", "These are the tokens the console knows."].join(en.sentenceGap)).toBe(
      "Not configured. These are the tokens the console knows.",
    );
  });

  it("names a month in the reader's words", () => {
    expect(makeFormat({ locale: "en", timeZone: "UTC" }).month("2026-01")).toBe("Jan 2026");
    expect(makeFormat({ locale: "zh-CN", timeZone: "UTC" }).month("2026-01")).toBe("2026年1月");
  });
});
