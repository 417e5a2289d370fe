import { describe, expect, it } from "vitest";
import { refundNeedsApproval, type ApprovalRules } from "@/lib/operations/approval-rule";
import type { Settings } from "@/lib/platform/settings/service";
import { settingsLoosening } from "./rules";

// Issue 30 item 2: a change of the approval rules is a loosening exactly when some refund
// that waited before would go through after. Checked against a brute force over refunds up to
// 31 of charges up to 3100 (and a huge one) for random rule sets with thresholds below 30.

const CURRENCIES = ["USD", "SGD"];
let seed = 7;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};
function randomRules(): ApprovalRules {
  const thresholds: Record<string, number> = {};
  for (const c of CURRENCIES) if (rand(3)) thresholds[c] = rand(30);
  return { refundApprovalThresholds: thresholds, refundApprovalPercent: rand(3) ? rand(101) : null };
}
// Every charge amount up to 3100 (a 1% rule reaches 31), and a very large one.
const AMOUNTS = [...Array.from({ length: 3100 }, (_, i) => i + 1), 1_000_000_000];
function bruteForce(before: ApprovalRules, after: ApprovalRules): boolean {
  for (const currency of CURRENCIES)
    for (const amount of AMOUNTS)
      for (let total = 1; total <= Math.min(amount, 31); total++)
        if (
          refundNeedsApproval(before, total, { amount, currency }) &&
          !refundNeedsApproval(after, total, { amount, currency })
        )
          return true;
  return false;
}

describe("settingsLoosening for the approval rules", () => {
  it("agrees with a brute force over every refund of small amounts, for 150 random changes", () => {
    for (let i = 0; i < 150; i++) {
      const before = randomRules();
      const after = randomRules();
      const current = { ...before, webhookRetentionDays: 90, webhookRejectedRetentionDays: 7 } as Settings;
      const loosens = settingsLoosening(current, after).length > 0;
      expect({ before, after, loosens }).toEqual({ before, after, loosens: bruteForce(before, after) });
    }
  });
});
