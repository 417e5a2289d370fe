import { z } from "zod";
import { keyed } from "@/lib/platform/keyed";
import { SSO_MODES } from "@/lib/platform/auth/sso-modes";
import { credentialValueSchema } from "@/lib/platform/settings/schema";

const issuerUrl = z
  .url({ protocol: /^https?$/, message: keyed("validation.sso.issuer") })
  .max(500, keyed("validation.sso.tooLong"));

export const ssoProviderSchema = z.object({
  issuer: issuerUrl,
  clientId: z
    .string()
    .trim()
    .min(1, keyed("validation.sso.clientId"))
    .max(255, keyed("validation.sso.tooLong"))
    .regex(/^\S+$/, keyed("validation.sso.noSpaces")),
  clientSecret: credentialValueSchema.shape.value,
});
export type SsoProviderInput = z.infer<typeof ssoProviderSchema>;

export const ssoMappingSchema = z.object({
  group: z.string().trim().min(1, keyed("validation.sso.group")).max(200, keyed("validation.sso.tooLong")),
  role: z.string().trim().min(1, keyed("validation.sso.role")).max(64),
});

export const ssoPolicySchema = z.object({
  mode: z.enum(SSO_MODES),
  label: z.string().trim().max(60, keyed("validation.sso.tooLong")),
  groupsClaim: z
    .string()
    .trim()
    .regex(/^[\w.:/-]{1,100}$/, keyed("validation.sso.claim")),
  mappings: z.array(ssoMappingSchema).max(100, keyed("validation.sso.tooMany")),
  breakGlass: z
    .array(z.email(keyed("validation.sso.email")).trim().toLowerCase())
    .max(20, keyed("validation.sso.tooMany")),
  mfaAcr: z
    .array(z.string().trim().min(1).max(200).regex(/^\S+$/, keyed("validation.sso.noSpaces")))
    .max(20, keyed("validation.sso.tooMany")),
});
export type SsoPolicy = z.infer<typeof ssoPolicySchema>;

/** POST /api/settings/sso/test: the stored issuer, or one typed in before it is saved. */
export const ssoTestSchema = z.object({ issuer: issuerUrl.optional() });
