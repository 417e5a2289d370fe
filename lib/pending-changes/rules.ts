import { can, type Grants } from "@/lib/platform/auth/permissions";
import { PRIVILEGED_PERMISSIONS } from "@/lib/platform/auth/session-policy";
import type { Settings, SettingsChange } from "@/lib/platform/settings/service";
import { keyed } from "@/lib/platform/keyed";
import { refundNeedsApproval, type ApprovalRules } from "@/lib/operations";

/** A role that moves money, approves refunds or manages the console: giving it needs a second admin. */
export const isPrivileged = (who: Grants) => PRIVILEGED_PERMISSIONS.some((p) => can(who, p));
const isAdmin = (who: Grants) => can(who, "users.manage");

const LABELS: Partial<Record<keyof Settings, string>> = {
  refundApprovalThresholds: "Refund approval threshold",
  refundApprovalPercent: "Refund approval percent",
  refundBatchThresholds: "Refund batch threshold",
  webhookRetentionDays: "Inbox retention, applied (days)",
  webhookRejectedRetentionDays: "Inbox retention, refused (days)",
  mfaRequiredForEveryone: "Two-step sign-in for everyone",
  refundBatchRatePerSecond: "Batch refunds per second",
};

function refundsLetThrough(before: ApprovalRules, after: ApprovalRules): string[] {
  const currencies = new Set([
    ...Object.keys(before.refundApprovalThresholds),
    ...Object.keys(after.refundApprovalThresholds),
  ]);
  const percents = [before.refundApprovalPercent, after.refundApprovalPercent].filter((p): p is number => !!p);
  return [...currencies].sort().filter((currency) => {
    const limits = [before.refundApprovalThresholds[currency], after.refundApprovalThresholds[currency]];
    const totals = limits
      .flatMap((l) => (l === undefined ? [] : [l, l + 1]))
      .concat(1)
      .filter((t) => t >= 1);
    return totals.some((total) => {
      const amounts = [Number.MAX_SAFE_INTEGER, total].concat(
        percents.flatMap((p) => [Math.floor((total * 100) / p), Math.ceil((total * 100) / p) + 1]),
      );
      return amounts
        .filter((amount) => amount >= total)
        .some(
          (amount) =>
            refundNeedsApproval(before, total, { amount, currency }) &&
            !refundNeedsApproval(after, total, { amount, currency }),
        );
    });
  });
}

/** What in this settings change loosens a control, as lines (empty: nothing). */
export function settingsLoosening(current: Settings, change: SettingsChange): string[] {
  const lines: string[] = [];
  if (change.refundApprovalThresholds !== undefined || change.refundApprovalPercent !== undefined) {
    const after = {
      refundApprovalThresholds: change.refundApprovalThresholds ?? current.refundApprovalThresholds,
      refundApprovalPercent:
        change.refundApprovalPercent === undefined ? current.refundApprovalPercent : change.refundApprovalPercent,
    };
    for (const currency of refundsLetThrough(current, after))
      lines.push(`${LABELS.refundApprovalThresholds} ${currency}: fewer refunds wait for approval`);
  }
  if (change.refundBatchThresholds !== undefined) {
    const before = current.refundBatchThresholds;
    const after = change.refundBatchThresholds;
    for (const currency of Object.keys(after).sort())
      if (before[currency] === undefined || after[currency]! > before[currency]!)
        lines.push(`${LABELS.refundBatchThresholds} ${currency}: fewer batches wait for approval`);
  }
  if (change.mfaRequiredForEveryone === false && current.mfaRequiredForEveryone)
    lines.push(`${LABELS.mfaRequiredForEveryone}: on → off`);
  for (const key of ["webhookRetentionDays", "webhookRejectedRetentionDays"] as const) {
    const after = change[key];
    if (after !== undefined && after < current[key]) lines.push(`${LABELS[key]}: ${current[key]} → ${after}`);
  }
  return lines;
}

/** How a moved value is named in the panel and in a refusal. */
export const moveLabel = (move: { key: string; currency?: string }) =>
  `${LABELS[move.key as keyof Settings] ?? move.key}${move.currency ? ` ${move.currency}` : ""}`;

const LINE = "common.pending.line";
const wordsOf = (value: unknown): string | number => {
  if (value === null || value === undefined) return "common.pending.none";
  if (typeof value === "boolean") return value ? "common.pending.on" : "common.pending.off";
  return typeof value === "number" ? value : String(value);
};

/** Every changed key of a settings change as a keyed "before → after" line, for the panel. */
export function settingsLines(current: Settings, change: SettingsChange): string[] {
  return (Object.keys(change) as (keyof Settings)[])
    .filter((k) => change[k] !== undefined && JSON.stringify(change[k]) !== JSON.stringify(current[k]))
    .flatMap((k) =>
      k === "refundApprovalThresholds" || k === "refundBatchThresholds"
        ? thresholdLines(k, current[k], change[k]!)
        : [
            keyed(`${LINE}.value`, {
              settingKey: LABELS[k] ? `common.pending.setting.${k}` : k,
              beforeKey: wordsOf(current[k]),
              afterKey: wordsOf(change[k]),
            }),
          ],
    );
}

function thresholdLines(
  setting: "refundApprovalThresholds" | "refundBatchThresholds",
  before: Record<string, number>,
  after: Record<string, number>,
): string[] {
  const currencies = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return currencies
    .filter((c) => before[c] !== after[c])
    .map((currency) => {
      const [beforeMinor, afterMinor] = [before[currency], after[currency]];
      if (beforeMinor === undefined)
        return keyed(`${LINE}.thresholdAdded`, { setting, currency, afterMinor: afterMinor! });
      if (afterMinor === undefined) return keyed(`${LINE}.thresholdRemoved`, { setting, currency, beforeMinor });
      return keyed(`${LINE}.threshold`, { setting, currency, beforeMinor, afterMinor });
    });
}

type Target = Grants & { role: string; disabled: boolean };

/** A role change to a privileged role (one holding a permission of PRIVILEGED_PERMISSIONS). */
export function userUpdateLoosens(
  target: Target,
  input: { role?: string; disabled?: boolean },
  next?: Grants,
): boolean {
  const changes = input.role !== undefined && input.role !== target.role;
  const after = changes && next ? next : target;
  const grants = changes && isPrivileged(after);
  const reenables = input.disabled === false && target.disabled && isPrivileged(after);
  const removesAdmin = isAdmin(target) && !target.disabled && (input.disabled === true || !isAdmin(after));
  return grants || reenables || removesAdmin;
}
