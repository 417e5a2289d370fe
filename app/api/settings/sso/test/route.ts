import { route } from "@/lib/platform/api/route";
import { ssoTestSchema } from "@/lib/sso/schemas";
import { testSsoProvider } from "@/lib/sso/test-provider";

// Discovery and the key set are public: nothing secret leaves, so no step-up.
export const POST = route(
  { permission: "settings.manage", body: ssoTestSchema, action: "settings.sso_test" },
  async ({ body, actor }) => testSsoProvider(body, actor),
);
