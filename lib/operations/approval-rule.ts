import type { Settings } from "@/lib/platform/settings/schema";

export type ApprovalRules = Pick<Settings, "refundApprovalThresholds" | "refundApprovalPercent">;

/**
 * Maker-checker on the charge as a whole: what is refunded, in flight (pending, unknown,
 * succeeded but not yet in the ledger) or waiting for approval counts with the new amount,
 * so splitting a refund does not avoid a manager. A currency the thresholds do not list
 * needs approval for every refund: a missing rule fails safe, never open. The one home of
 * the rule: refunds ask it, and the two-admin rule (lib/pending-changes/rules.ts) asks it
 * whether a settings change lets through a refund that would have waited.
 */
export function refundNeedsApproval(rules: ApprovalRules, total: number, charge: { amount: number; currency: string }) {
  const limit = rules.refundApprovalThresholds[charge.currency];
  if (limit === undefined || total > limit) return true;
  return rules.refundApprovalPercent !== null && total > (charge.amount * rules.refundApprovalPercent) / 100;
}
