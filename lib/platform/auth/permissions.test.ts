import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from "./permissions";
import { presetOf } from "@/test/staff";

describe("permission table", () => {
  it.each([
    ["finance", "money.move", true],
    ["ops", "money.move", false],
    ["manager", "money.move", false],
    ["admin", "money.move", false],
    ["manager", "refunds.approve", true],
    ["manager", "chargebacks.manage", true],
    ["finance", "chargebacks.manage", false],
    ["finance", "refunds.approve", false],
    ["ops", "customs.declare", true],
    ["finance", "customs.declare", false],
    ["admin", "users.manage", true],
    ["manager", "users.manage", false],
    ["admin", "settings.manage", true],
    ["finance", "settings.manage", false],
    ["manager", "audit.read", true],
    ["ops", "audit.read", false],
    ["finance", "transactions.annotate", true],
    ["manager", "transactions.annotate", true],
    ["admin", "transactions.annotate", true],
    ["ops", "transactions.annotate", false],
  ] as const)("%s may %s: %s", (role, permission, expected) => {
    expect(can(presetOf(role), permission)).toBe(expected);
  });

  it("refuses an anonymous caller everything", () => {
    for (const p of PERMISSIONS) expect(can(null, p)).toBe(false);
  });

  it("grants only known permissions", () => {
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
  });
});
