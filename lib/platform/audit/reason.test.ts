import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { SOURCE_CATALOGS } from "@/lib/platform/i18n/catalog";
import { actionLine, reasonLine, reasonTextOf } from "./reason";
import { AUDIT_RESULTS } from "./search-params";

// Issue 33: audit reasons the console writes read in the reader's language; what a person typed
// or a service answered stays as written.

const en = createTranslator({ locale: "en", messages: SOURCE_CATALOGS.en, namespace: "audit" });
const zh = createTranslator({ locale: "zh-CN", messages: SOURCE_CATALOGS["zh-CN"], namespace: "audit" });

describe("audit reasons", () => {
  it("puts the console's own reasons into Chinese, rows written before included", () => {
    expect(reasonLine(zh as never, "wrong code")).toBe("验证码错误");
    expect(reasonLine(zh as never, "single_admin")).toBe("仅有一位管理员");
    expect(reasonLine(zh as never, "approved pending change 7f3a asked by a@b.c")).toBe(
      "已批准 a@b.c 提出的待审批变更 7f3a",
    );
    expect(reasonLine(zh as never, "12 notifications removed")).toBe("已清理 12 条通知");
    // route()'s refusal of a role, the two-admin rule's refusals and a customs resubmit (CI's stop 40
    // showed "missing permission vault.read" on a zh-CN manager's audit log).
    expect(reasonLine(zh as never, "missing permission vault.read")).toBe("缺少权限“vault.read”");
    // The permission by its label where the reader's catalog has one (the audit page gives its labels).
    expect(reasonLine(zh as never, "missing permission vault.read", (p) => `label of ${p}`)).toBe(
      "缺少权限“label of vault.read”",
    );
    expect(reasonLine(zh as never, "own change")).toBe("本人提出的变更");
    expect(reasonLine(zh as never, "not the requester")).toBe("不是提出人");
    expect(reasonLine(zh as never, "before resubmitting SO-1: unknown")).toBe("重新提交 SO-1 前已查询：结果未知");
    expect(reasonLine(zh as never, "again: SO-1")).toBe("再次提交 SO-1");
    expect(reasonLine(zh as never, "SO-1 → SO-1-2 (corrected: orderFee, payerName)")).toBe(
      "SO-1 → SO-1-2（已更正：orderFee, payerName）",
    );
  });

  it("reads back in English exactly what the console stored", () => {
    for (const reason of [
      "missing permission vault.read",
      "own change",
      "before resubmitting SO-1: submitted",
      "again: SO-1 (corrected: duty)",
      "SO-1 → SO-2",
    ])
      expect(reasonLine(en as never, reason)).toBe(reason);
  });

  it("leaves a person's own words and a service's answer as written", () => {
    expect(reasonLine(zh as never, "客户要求")).toBe("客户要求");
    expect(reasonLine(zh as never, "4202 Charge not captured")).toBe("4202 Charge not captured");
    expect(reasonTextOf(null)).toBeNull();
  });

  it("labels a route's own refusal, stored as its method and path, as an API call (issue 50, item 4)", () => {
    expect(actionLine(zh as never, "GET /api/vault")).toBe("接口调用 GET /api/vault");
    expect(actionLine(zh as never, "pending_change.approve")).toBe(zh("actions.pending_change_approve"));
    expect(actionLine(zh as never, "made.up")).toBe("made.up");
  });

  it("has a Chinese label for every action the console audits", async () => {
    const { readFile } = await import("node:fs/promises");
    const { execSync } = await import("node:child_process");
    const found = execSync(`grep -rhoE '(action: |action = )"[a-z_.]+"' lib app --include=*.ts --include=*.tsx`, {
      encoding: "utf8",
    })
      .split("\n")
      .map((l) => /"([^"]+)"/.exec(l)?.[1])
      .filter((a): a is string => !!a && !a.startsWith("test."));
    // Actions built from a kind or a verdict (lib/operations, lib/refund-batches, lib/chargebacks, lib/pending-changes).
    for (const kind of ["capture", "refund", "cancel"]) found.push(`${kind}.request`, `${kind}.outcome`);
    found.push("refund.approve", "refund.reject", "refund_batch.approve", "refund_batch.reject");
    found.push("chargeback.pack.pdf", "chargeback.pack.zip", "pending_change.reject", "pending_change.withdraw");
    const zhAudit = JSON.parse(await readFile("lib/platform/i18n/messages/zh-CN/audit.json", "utf8"));
    const missing = [...new Set(found)].filter((a) => !zhAudit.actions[a.replaceAll(".", "_")]);
    expect(missing).toEqual([]);
  });

  it("has a Chinese label for every kind of target the console audits (a role's rows read 'role' raw)", async () => {
    const { readFile } = await import("node:fs/promises");
    const { execSync } = await import("node:child_process");
    const found = execSync(`grep -rhoE 'targetType: "[a-z_]+"' lib app --include=*.ts --include=*.tsx`, {
      encoding: "utf8",
    })
      .split("\n")
      .map((l) => /"([^"]+)"/.exec(l)?.[1])
      .filter((a): a is string => !!a);
    const zhAudit = JSON.parse(await readFile("lib/platform/i18n/messages/zh-CN/audit.json", "utf8"));
    expect([...new Set(found)].filter((target) => !zhAudit.targets[target])).toEqual([]);
  });

  it("lists and labels every result the console audits (a waiting change's 'pending' was shown raw)", async () => {
    const { readFile } = await import("node:fs/promises");
    const { execSync } = await import("node:child_process");
    const files = execSync(
      String.raw`grep -rlE "audit\(|auditWrite\(|auditSql\(" lib app --include=*.ts --include=*.tsx`,
      {
        encoding: "utf8",
      },
    )
      .split("\n")
      .filter((f) => f && !f.includes(".test."));
    const results = new Set<string>();
    for (const file of files)
      for (const m of (await readFile(file, "utf8")).matchAll(/result: "([a-z_]+)"/g)) results.add(m[1]!);
    const zhAudit = JSON.parse(await readFile("lib/platform/i18n/messages/zh-CN/audit.json", "utf8"));
    expect(
      [...results].filter((r) => !(AUDIT_RESULTS as readonly string[]).includes(r) || !zhAudit.results[r]),
    ).toEqual([]);
  });
});
