import type { Settings } from "@/lib/platform/settings/schema";

// The retention form's fields as typed and what it sends: the form and its schema (loaded at the
// first check) share them.

export type RetentionValues = { webhookRetentionDays: string; webhookRejectedRetentionDays: string };
/** What the form sends: its keys of the settings. */
export type RetentionChange = Pick<Settings, "webhookRetentionDays" | "webhookRejectedRetentionDays">;
