import { z } from "zod";
import { instant, keysetPage } from "@/lib/platform/api/answers";

const text = z.string().nullable();

export const tokenViewSchema = z.strictObject({
  token: z.string(),
  reference: text,
  method: text,
  brand: text,
  panMasked: text,
  expiry: text,
  status: z.enum(["active", "deleted"]),
  country: text,
  consumerReference: text,
  consumerEmail: text,
  consumerName: text,
  source: z.enum(["list", "add", "charge", "webhook"]),
  timeCreated: instant,
  deletedAt: instant.nullable(),
  lastSyncedAt: instant.nullable(),
});

export const vaultListSchema = keysetPage("tokens", tokenViewSchema).extend({
  brands: z.array(z.string()),
  syncError: text,
  syncErrorKey: text,
});

export const tokenInspectionSchema = z.strictObject({
  token: tokenViewSchema,
  syncError: text,
  syncErrorKey: text,
  charges: z.array(
    z.strictObject({
      id: z.string(),
      reference: text,
      status: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      timeCreated: instant,
    }),
  ),
});

export const tokenAnswerSchema = z.strictObject({ token: tokenViewSchema });
