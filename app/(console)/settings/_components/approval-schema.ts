import { z } from "zod";
import { type Settings, settingsSchema } from "@/lib/platform/settings/schema";
import { thresholdsSchema } from "./thresholds-schema";

// The fields as typed: the form imports them as types only, so this module stays off its chunk until the first check.
/** The form as typed: a threshold per currency in its major unit (empty: every refund waits), the share in %. */
export type ApprovalValues = { refundApprovalThresholds: Record<string, string>; refundApprovalPercent: string };
/** What the form sends: its keys of the settings. */
export type ApprovalChange = Pick<Settings, "refundApprovalThresholds" | "refundApprovalPercent">;

// The refund-approval form's schema: the server's own settings schema for the two keys, each
// threshold read from its text in its own currency (JPY without decimals). Loaded at the first
// check (a dynamic import keeps zod off the page).

export const approvalFormSchema = (v: ApprovalValues) =>
  z.preprocess(
    (input) => {
      const values = input as ApprovalValues;
      const percent = values.refundApprovalPercent.trim();
      return {
        refundApprovalThresholds: values.refundApprovalThresholds,
        refundApprovalPercent: percent === "" ? null : Number(percent.replace(/%$/, "")),
      };
    },
    z.strictObject({
      refundApprovalThresholds: thresholdsSchema(
        v.refundApprovalThresholds,
        settingsSchema.shape.refundApprovalThresholds,
      ),
      refundApprovalPercent: settingsSchema.shape.refundApprovalPercent,
    }),
  );
