import type { Settings } from "@/lib/platform/settings/schema";

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

/** What the form sends: the environment keys of the settings. */
export type EnvironmentChange = Pick<
  Settings,
  | "environment"
  | "upiBaseUrl"
  | "customsBaseUrl"
  | "declarationInquiryPath"
  | "upiTimeoutMs"
  | "customsTimeoutMs"
  | "merchantCustomsCode"
  | "merchantCustomsName"
  | "publicUrl"
>;
