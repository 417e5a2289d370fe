import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { SOURCE_CATALOGS } from "@/lib/platform/i18n/catalog";
import { reasonLine, reasonTextOf } from "./reason";

// Issue 33: audit reasons the console writes read in the reader's language; what a person typed
// or a service answered stays as written.

const zh = createTranslator({ locale: "zh-CN", messages: SOURCE_CATALOGS["zh-CN"], namespace: "audit" });

describe("audit reasons", () => {
  it("puts the console's own reasons into Chinese, rows written before included", () => {
    expect(reasonLine(zh as never, "wrong code")).toBe("验证码错误");
    expect(reasonLine(zh as never, "single_admin")).toBe("仅有一位管理员");
    expect(reasonLine(zh as never, "approved pending change 7f3a asked by a@b.c")).toBe(
      "已批准 a@b.c 提出的待审批变更 7f3a",
    );
    expect(reasonLine(zh as never, "12 notifications removed")).toBe("已清理 12 条通知");
  });

  it("leaves a person's own words and a service's answer as written", () => {
    expect(reasonLine(zh as never, "客户要求")).toBe("客户要求");
    expect(reasonLine(zh as never, "4202 Charge not captured")).toBe("4202 Charge not captured");
    expect(reasonTextOf(null)).toBeNull();
  });

  it("has a Chinese label for every action the console audits", async () => {
    const { readFile } = await import("node:fs/promises");
    const { execSync } = await import("node:child_process");
    const found = execSync(`grep -rhoE 'action: "[a-z_.]+"' lib app --include=*.ts --include=*.tsx`, {
      encoding: "utf8",
    })
      .split("\n")
      .map((l) => /"([^"]+)"/.exec(l)?.[1])
      .filter((a): a is string => !!a && !a.startsWith("test."));
    const zhAudit = JSON.parse(await readFile("lib/platform/i18n/messages/zh-CN/audit.json", "utf8"));
    const missing = [...new Set(found)].filter((a) => !zhAudit.actions[a.replaceAll(".", "_")]);
    expect(missing).toEqual([]);
  });
});
