import { z } from "zod";
import { settingsSchema } from "@/lib/platform/settings/schema";
import { optionalMoneyText } from "@/lib/platform/money-schema";
import type { ApprovalValues } from "./approval-values";

// The refund-approval form's schema: the server's own settings schema for the two keys, each
// threshold read from its text in its own currency (JPY without decimals). Loaded at the first
// check (a dynamic import keeps zod off the page).

const threshold = settingsSchema.shape.refundApprovalThresholds.valueType;

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
      refundApprovalThresholds: z
        .strictObject(
          Object.fromEntries(
            Object.keys(v.refundApprovalThresholds).map((c) => [
              c,
              optionalMoneyText(c, threshold, { allowZero: true }),
            ]),
          ),
        )
        .transform((all) => Object.fromEntries(Object.entries(all).filter(([, minor]) => minor !== undefined)))
        .pipe(settingsSchema.shape.refundApprovalThresholds),
      refundApprovalPercent: settingsSchema.shape.refundApprovalPercent,
    }),
  );
