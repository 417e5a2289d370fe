import type { Settings } from "@/lib/platform/settings/schema";

// The refund-approval form's fields as typed and what it sends: the form and its schema (loaded
// at the first check) share them.

/** The form as typed: a threshold per currency in its major unit (empty: every refund waits), the share in %. */
export type ApprovalValues = { refundApprovalThresholds: Record<string, string>; refundApprovalPercent: string };
/** What the form sends: its keys of the settings. */
export type ApprovalChange = Pick<Settings, "refundApprovalThresholds" | "refundApprovalPercent">;
