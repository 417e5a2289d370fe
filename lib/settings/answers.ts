import { z } from "zod";
import { instant } from "@/lib/platform/api/answers";
import { settingsSchema } from "@/lib/platform/settings/schema";
import { URL_KEYS } from "@/lib/platform/settings/service";

export const credentialNameAnswer = z.enum(["private-key", "customs-token", "webhook-secret"]);

const credential = z.strictObject({
  label: z.string(),
  set: z.boolean(),
  updatedAt: instant.nullable(),
  updatedBy: z.string().nullable(),
});

export const credentialStatusSchema = z.strictObject({
  credentials: z.record(credentialNameAnswer, credential),
  previousWebhookSecret: z.boolean(),
  previousWebhookSecretEnds: instant.nullable(),
  unverified: z.partialRecord(z.enum(URL_KEYS), z.strictObject({ since: z.string(), by: z.string() })),
  token: z
    .strictObject({
      type: z.string(),
      expiry: z.number().int(),
      permission: z.array(z.string()),
      issuedAt: instant,
      keepUntilExpiry: z.boolean().optional(),
    })
    .nullable(),
  wellKnownWebhookSecret: z.boolean(),
});

export const settingsAnswerSchema = credentialStatusSchema.extend({ settings: settingsSchema, version: z.string() });

/** A change applied at once: the settings and the credentials' status, without the version. */
export const settingsChangedSchema = credentialStatusSchema.extend({ settings: settingsSchema });

export const connectionTestSchema = z.strictObject({
  ok: z.boolean(),
  message: z.string(),
  token: z.strictObject({ type: z.string(), expiry: z.number().int(), permission: z.array(z.string()) }).optional(),
});
