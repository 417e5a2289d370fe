import type { Role } from "@/lib/auth/permissions";
import type { Settings, SettingsChange } from "@/lib/settings/service";

// Which changes loosen a control, so that one admin alone cannot make them (issue 17:
// "no single person can lower a control"). Tightening stays immediate: a lower threshold,
// a new currency's threshold, a lower percent, a longer retention, an ops user, a disabled user.

/** Roles that move money, approve refunds or manage the console: giving one needs a second admin. */
export const PRIVILEGED: readonly Role[] = ["finance", "manager", "admin"];
export const isPrivileged = (role: Role) => PRIVILEGED.includes(role);

/** The settings keys whose change can loosen a control, with a label for the panel. */
const LABELS: Partial<Record<keyof Settings, string>> = {
  refundApprovalThresholds: "Refund approval threshold",
  refundApprovalPercent: "Refund approval percent",
  webhookRetentionDays: "Inbox retention, applied (days)",
  webhookRejectedRetentionDays: "Inbox retention, refused (days)",
};

/** What in this settings change loosens a control, as "before → after" lines (empty: nothing). */
export function settingsLoosening(current: Settings, change: SettingsChange): string[] {
  const lines: string[] = [];
  const next = change.refundApprovalThresholds;
  if (next) {
    for (const [currency, before] of Object.entries(current.refundApprovalThresholds)) {
      const after = next[currency];
      // Removed counts as loosening whatever the fallback does today: the rule must not
      // depend on another module's default staying safe.
      if (after === undefined) lines.push(`${LABELS.refundApprovalThresholds} ${currency}: ${before} → removed`);
      else if (after > before) lines.push(`${LABELS.refundApprovalThresholds} ${currency}: ${before} → ${after}`);
    }
  }
  if (change.refundApprovalPercent !== undefined && current.refundApprovalPercent !== null) {
    const after = change.refundApprovalPercent;
    if (after === null || after > current.refundApprovalPercent)
      lines.push(`${LABELS.refundApprovalPercent}: ${current.refundApprovalPercent} → ${after ?? "none"}`);
  }
  for (const key of ["webhookRetentionDays", "webhookRejectedRetentionDays"] as const) {
    const after = change[key];
    if (after !== undefined && after < current[key]) lines.push(`${LABELS[key]}: ${current[key]} → ${after}`);
  }
  return lines;
}

/** Every changed key of a settings change as "before → after" lines, for the panel. */
export function settingsLines(current: Settings, change: SettingsChange): string[] {
  return (Object.keys(change) as (keyof Settings)[])
    .filter((k) => change[k] !== undefined && JSON.stringify(change[k]) !== JSON.stringify(current[k]))
    .flatMap((k) =>
      k === "refundApprovalThresholds"
        ? thresholdLines(current[k], change[k]!)
        : [`${LABELS[k] ?? k}: ${current[k] ?? "none"} → ${change[k] ?? "none"}`],
    );
}

function thresholdLines(before: Record<string, number>, after: Record<string, number>): string[] {
  const currencies = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return currencies
    .filter((c) => before[c] !== after[c])
    .map(
      (c) =>
        `${LABELS.refundApprovalThresholds} ${c}: ${before[c] ?? "none (always approval)"} → ${after[c] ?? "removed"}`,
    );
}

type Target = { role: Role; disabled: boolean };

/** A role change to anything but ops, or enabling a privileged user again, loosens a control. */
export function userUpdateLoosens(target: Target, input: { role?: Role; disabled?: boolean }): boolean {
  const role = input.role ?? target.role;
  const grants = input.role !== undefined && input.role !== target.role && isPrivileged(input.role);
  const reenables = input.disabled === false && target.disabled && isPrivileged(role);
  return grants || reenables;
}
