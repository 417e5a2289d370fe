import { z } from "zod";
import { settingsSchema } from "@/lib/platform/settings/schema";
import type { EnvironmentValues } from "./environment-values";

// The Environment form's schema: the server's own settings schema for these keys, time-outs
// read from seconds. Loaded at the first check (a dynamic import keeps zod off the page).

export const environmentSchema = settingsSchema.pick({
  environment: true,
  upiBaseUrl: true,
  customsBaseUrl: true,
  declarationInquiryPath: true,
  upiTimeoutMs: true,
  customsTimeoutMs: true,
  merchantCustomsCode: true,
  merchantCustomsName: true,
  publicUrl: true,
});

/** Seconds as typed → milliseconds; undefined when empty, NaN when not a number (the schema says so). */
const ms = (seconds: string) => (seconds.trim() ? Math.round(Number(seconds.trim()) * 1000) : undefined);

export const environmentFormSchema = () =>
  z.preprocess((input) => {
    const v = input as EnvironmentValues;
    return {
      environment: v.environment,
      upiBaseUrl: v.upiBaseUrl.trim(),
      customsBaseUrl: v.customsBaseUrl.trim(),
      declarationInquiryPath: v.declarationInquiryPath.trim(),
      upiTimeoutMs: ms(v.upiTimeoutMs),
      customsTimeoutMs: ms(v.customsTimeoutMs),
      merchantCustomsCode: v.merchantCustomsCode.trim(),
      merchantCustomsName: v.merchantCustomsName.trim(),
      publicUrl: v.publicUrl.trim(),
    };
  }, environmentSchema);
