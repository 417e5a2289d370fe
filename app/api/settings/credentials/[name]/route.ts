import { route } from "@/lib/platform/api/route";
import {
  credentialNameSchema,
  credentialStatus,
  credentialValueSchema,
  setCredential,
} from "@/lib/settings/credentials";

export const PUT = route(
  {
    permission: "settings.manage",
    params: credentialNameSchema,
    body: credentialValueSchema,
    action: "settings.credential.set",
    stepUp: true,
  },
  async ({ params, body, actor }) => {
    await setCredential(params.name, body, actor);
    return credentialStatus();
  },
);
