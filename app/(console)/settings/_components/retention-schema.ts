import { z } from "zod";
import { settingsSchema } from "@/lib/platform/settings/schema";
import type { RetentionValues } from "./retention-values";

// The retention form's schema: the server's own two settings, the days read from their text.
// Loaded at the first check (a dynamic import keeps zod off the page).

const days = (text: string) => (text.trim() === "" ? undefined : Number(text.trim()));

export const retentionFormSchema = () =>
  z.preprocess(
    (input) => {
      const v = input as RetentionValues;
      return {
        webhookRetentionDays: days(v.webhookRetentionDays),
        webhookRejectedRetentionDays: days(v.webhookRejectedRetentionDays),
      };
    },
    settingsSchema.pick({ webhookRetentionDays: true, webhookRejectedRetentionDays: true }),
  );
