import { z } from "zod";
import { settingsSchema } from "@/lib/platform/settings/schema";
import type { ApprovalValues } from "./approval-values";
import { thresholdsSchema } from "./thresholds-schema";

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
