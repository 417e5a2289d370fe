import { z } from "zod";
import { instant, keysetPage, minorUnits } from "@/lib/platform/api/answers";
import { LINK_KINDS, LINK_STATUSES } from "./constants";

export const paymentLinkViewSchema = z.strictObject({
  id: z.uuid(),
  kind: z.enum(LINK_KINDS),
  vendor: z.string(),
  reference: z.string(),
  amount: minorUnits,
  currency: z.string(),
  url: z.string(),
  asked: z.strictObject({
    callback_url: z.string().optional(),
    callback_url_success: z.string().optional(),
    callback_url_fail: z.string().optional(),
    mobile_result_url: z.string().optional(),
    allow_duplicates: z.literal("yes").optional(),
  }),
  transactionId: z.string().nullable(),
  status: z.enum(LINK_STATUSES),
  cnyAmount: minorUnits.nullable(),
  createdBy: z.string(),
  createdAt: instant,
  completedAt: instant.nullable(),
  expiresAt: instant.nullable(),
  checkedAt: instant.nullable(),
});

export const paymentLinkListSchema = keysetPage("links", paymentLinkViewSchema);
