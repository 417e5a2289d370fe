import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { credentialNameSchema, credentialStatus, credentialValueSchema, setCredential } from "@/lib/settings/credentials";

export const PUT = route(
  { permission: "settings.manage", params: credentialNameSchema, body: credentialValueSchema, action: "settings.credential.set", stepUp: true },
  async ({ params, body, user, req }) => {
    await setCredential(params.name, body.value, user, clientInfo(req.headers));
    return credentialStatus();
  },
);
