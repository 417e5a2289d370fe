import type { REFUND_REASONS } from "@/lib/operations/labels";

// The capture and refund forms' fields as typed: the forms and their schemas (loaded at the first
// check) share them.

export type CaptureValues = { amount: string; mode: "single" | "more" | "last"; vendor: string; tracking: string };
export type RefundValues = { amount: string; reason: keyof typeof REFUND_REASONS; note: string };
