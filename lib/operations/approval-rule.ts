import type { Settings } from "@/lib/platform/settings/schema";

export type ApprovalRules = Pick<Settings, "refundApprovalThresholds" | "refundApprovalPercent">;

/** Maker-checker on the charge as a whole. */
export function refundNeedsApproval(rules: ApprovalRules, total: number, charge: { amount: number; currency: string }) {
  const limit = rules.refundApprovalThresholds[charge.currency];
  if (limit === undefined || total > limit) return true;
  return rules.refundApprovalPercent !== null && total > (charge.amount * rules.refundApprovalPercent) / 100;
}
