import { route } from "@/lib/platform/api/route";
import { ssoTestSchema } from "@/lib/sso/schemas";
import { testSsoProvider } from "@/lib/sso/test-provider";
import { ssoTestAnswerSchema } from "@/lib/sso/answers";

// Discovery and the key set are public: nothing secret leaves, so no step-up.
export const POST = route(
  {
    response: ssoTestAnswerSchema,
    doc: {
      tag: "Administration",
      summary: "Test the single sign-on provider",
      description:
        "fetch the issuer's discovery document and key set now (`{ issuer? }`, else the saved one): `{ ok: true, issuer, keys, pkce }` or `{ ok: false, issuer, problem: no_issuer | unreachable | not_oidc | issuer_mismatch | no_keys }`; audited",
    },
    permission: "settings.manage",
    body: ssoTestSchema,
    action: "settings.sso_test",
  },
  async ({ body, actor }) => testSsoProvider(body, actor),
);
