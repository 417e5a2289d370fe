import { z } from "zod";
import { optionalMoneyText } from "@/lib/platform/money-schema";
import type { settingsSchema } from "@/lib/platform/settings/schema";

type Thresholds = typeof settingsSchema.shape.refundApprovalThresholds;

/**
 * Thresholds per currency as typed, each read in its own currency (JPY without decimals), the
 * empty ones left out, then checked by the server's own settings schema for the key.
 */
export const thresholdsSchema = (typed: Record<string, string>, server: Thresholds) =>
  z
    .strictObject(
      Object.fromEntries(
        Object.keys(typed).map((c) => [c, optionalMoneyText(c, server.valueType, { allowZero: true })]),
      ),
    )
    .transform((all) => Object.fromEntries(Object.entries(all).filter(([, minor]) => minor !== undefined)))
    .pipe(server);
