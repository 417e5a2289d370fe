import { route } from "@/lib/api/route";
import { clientInfo, audit } from "@/lib/audit/log";
import { getSettings, settingsUpdateSchema, updateSettings } from "@/lib/settings/service";
import { credentialStatus } from "@/lib/settings/credentials";

export const GET = route({ permission: "settings.manage" }, async () => ({
  settings: await getSettings(),
  ...(await credentialStatus()),
}));

export const PATCH = route(
  { permission: "settings.manage", body: settingsUpdateSchema, action: "settings.update" },
  async ({ body, user, req }) => {
    const settings = await updateSettings(body, user.email);
    await audit({ actor: user, action: "settings.update", result: "ok", detail: body, ...clientInfo(req.headers) });
    return { settings };
  },
);
