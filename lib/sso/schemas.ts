import { z } from "zod";
import { SSO_MODES } from "@/lib/platform/auth/sso-modes";
import { credentialValueSchema } from "@/lib/platform/settings/schema";

// Single sign-on settings (PUT /api/settings/sso/provider and /policy): one set of rules for the
// API and the Settings forms.

export const ssoProviderSchema = z.object({
  issuer: z
    .url({ protocol: /^https?$/, message: "Enter the issuer's http(s) URL, as the provider names it" })
    .max(500, "At most 500 characters"),
  clientId: z
    .string()
    .trim()
    .min(1, "Enter the client id the provider gave the console")
    .max(255, "At most 255 characters")
    .regex(/^\S+$/, "The client id cannot contain spaces"),
  clientSecret: credentialValueSchema.shape.value,
});
export type SsoProviderInput = z.infer<typeof ssoProviderSchema>;

export const ssoMappingSchema = z.object({
  group: z
    .string()
    .trim()
    .min(1, "Enter the group's value as the provider sends it")
    .max(200, "At most 200 characters"),
  role: z.string().trim().min(1, "Choose a role").max(64),
});

export const ssoPolicySchema = z.object({
  mode: z.enum(SSO_MODES),
  label: z.string().trim().max(60, "At most 60 characters"),
  groupsClaim: z
    .string()
    .trim()
    .regex(/^[\w.:/-]{1,100}$/, "A claim name such as groups or roles (letters, digits, . : / - _)"),
  mappings: z.array(ssoMappingSchema).max(100, "At most 100 mappings"),
  breakGlass: z.array(z.email("Enter an email address").trim().toLowerCase()).max(20, "At most 20 admins"),
  mfaAcr: z
    .array(z.string().trim().min(1).max(200).regex(/^\S+$/, "An acr value has no spaces"))
    .max(20, "At most 20 values"),
});
export type SsoPolicy = z.infer<typeof ssoPolicySchema>;

/** POST /api/settings/sso/test: the stored issuer, or one typed in before it is saved. */
export const ssoTestSchema = z.object({
  issuer: z
    .url({ protocol: /^https?$/, message: "Enter the issuer's http(s) URL" })
    .max(500)
    .optional(),
});
