import { z } from "zod";
import { settingsSchema } from "@/lib/settings/schema";

// The Environment form's fields as typed (time-outs in seconds) and how they become the PATCH
// /api/settings body: the server's own schema checks it, so a bad URL and a negative time-out
// are both shown, each at its field. Field names are the API's keys.

export type EnvironmentValues = {
  environment: "sandbox" | "production";
  upiBaseUrl: string;
  customsBaseUrl: string;
  declarationInquiryPath: string;
  upiTimeoutMs: string;
  customsTimeoutMs: string;
  merchantCustomsCode: string;
  merchantCustomsName: string;
  publicUrl: string;
};

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
export type EnvironmentChange = z.output<typeof environmentSchema>;

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
