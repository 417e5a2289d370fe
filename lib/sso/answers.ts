import { z } from "zod";
import { instant } from "@/lib/platform/api/answers";
import { SSO_MODES } from "@/lib/platform/auth/sso-modes";

/** Single sign-on as an admin sees it (lib/sso/config.ts ssoStatus): the client secret only as set or not. */
export const ssoStatusSchema = z.strictObject({
  issuer: z.string(),
  clientId: z.string(),
  mode: z.enum(SSO_MODES),
  label: z.string(),
  groupsClaim: z.string(),
  mappings: z.array(z.strictObject({ group: z.string(), role: z.string() })),
  breakGlass: z.array(z.string()),
  mfaAcr: z.array(z.string()),
  updatedAt: instant.nullable(),
  updatedBy: z.string().nullable(),
  clientSecretSet: z.boolean(),
  clientSecretUpdatedAt: instant.nullable(),
  redirectUri: z.url(),
});

export const ssoTestAnswerSchema = z.discriminatedUnion("ok", [
  z.strictObject({ ok: z.literal(true), issuer: z.string(), keys: z.number().int().min(1), pkce: z.boolean() }),
  z.strictObject({
    ok: z.literal(false),
    issuer: z.string().nullable(),
    problem: z.enum(["no_issuer", "unreachable", "not_oidc", "issuer_mismatch", "no_keys"]),
  }),
]);
