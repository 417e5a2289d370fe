import { route } from "@/lib/platform/api/route";
import { ssoStatus } from "@/lib/sso/config";
import { ssoStatusSchema } from "@/lib/sso/answers";

export const GET = route(
  {
    response: ssoStatusSchema,
    doc: {
      tag: "Administration",
      summary: "Read single sign-on",
      description:
        "single sign-on: `issuer`, `clientId`, `clientSecretSet` (never the secret), `mode` (off | optional | required), `label`, `groupsClaim`, `mappings` ([{ group, role }], the first group a person holds gives the role), `breakGlass` (admins whose password works while SSO is required), `mfaAcr` (acr values that count as a second factor), `redirectUri` to register at the provider",
    },
    permission: "settings.manage",
  },
  async ({ req }) => ssoStatus(req.nextUrl.origin),
);
