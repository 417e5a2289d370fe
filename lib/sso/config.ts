import "server-only";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { config } from "@/lib/platform/config";
import { readSecret, SECRET_NAMES, secretStatus } from "@/lib/platform/secrets/store";
import type { SsoMode } from "@/lib/platform/auth/sso-gate";
import { ssoMappingSchema, type SsoPolicy } from "./schemas";

// The merchant's single sign-on settings: the sso_config row and the sealed client secret.

export type SsoConfig = SsoPolicy & {
  issuer: string;
  clientId: string;
  updatedAt: Date | null;
  updatedBy: string | null;
};

const mappingsOf = (value: unknown) => {
  const parsed = z.array(ssoMappingSchema).safeParse(value);
  return parsed.success ? parsed.data : [];
};

export async function loadSsoConfig(tx: Pick<typeof db, "ssoConfig"> = db): Promise<SsoConfig> {
  const row = await tx.ssoConfig.findUnique({ where: { id: 1 } });
  return {
    issuer: row?.issuer ?? "",
    clientId: row?.clientId ?? "",
    mode: (row?.mode as SsoMode | undefined) ?? "off",
    label: row?.label ?? "",
    groupsClaim: row?.groupsClaim ?? "groups",
    mappings: mappingsOf(row?.mappings),
    breakGlass: row?.breakGlass ?? [],
    mfaAcr: row?.mfaAcr ?? [],
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** The console's callback address, registered at the provider as the redirect URI. */
export function redirectUri(origin?: string): string {
  const base = (config().auth.url ?? origin ?? "http://localhost:3000").replace(/\/$/, "");
  return `${base}/api/sso/callback`;
}

export async function clientSecret(): Promise<string | null> {
  return (await readSecret(SECRET_NAMES.ssoClientSecret))?.value ?? null;
}

/** What an admin sees (GET /api/settings/sso): everything but the secret, which is only "set" or not. */
export async function ssoStatus(origin?: string) {
  const [cfg, secrets] = await Promise.all([loadSsoConfig(), secretStatus()]);
  const secret = secrets[SECRET_NAMES.ssoClientSecret];
  return {
    ...cfg,
    updatedAt: cfg.updatedAt?.toISOString() ?? null,
    clientSecretSet: !!secret,
    clientSecretUpdatedAt: secret?.updatedAt.toISOString() ?? null,
    redirectUri: redirectUri(origin),
  };
}
