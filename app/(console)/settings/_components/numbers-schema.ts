import { z } from "zod";
import { type Settings, settingsSchema } from "@/lib/platform/settings/schema";

// A whole-number settings form's schema: each key's text read as a number (empty: none, which
// the server's schema refuses in its own words), then the server's settings schema for the keys.
// Loaded at the first check (a dynamic import keeps zod off the page).

export type NumberKey =
  | "reconciliationDays"
  | "reconciliationRatePerSecond"
  | "webhookRetentionDays"
  | "webhookRejectedRetentionDays";

const number = (text: string) => (text.trim() === "" ? undefined : Number(text.trim()));

export const numbersFormSchema = <K extends NumberKey>(keys: K[]) =>
  z.preprocess(
    (input) => Object.fromEntries(keys.map((k) => [k, number((input as Record<string, string>)[k] ?? "")])),
    settingsSchema.pick(Object.fromEntries(keys.map((k) => [k, true])) as Record<NumberKey, true>),
  ) as unknown as z.ZodType<Pick<Settings, K>>;
