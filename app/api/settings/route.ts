import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { getSettings, settingsChangeNeedsStepUp, settingsUpdateSchema, updateSettings, type SettingsChange } from "@/lib/settings/service";
import { credentialStatus } from "@/lib/settings/credentials";

export const GET = route({ permission: "settings.manage" }, async () => ({
  settings: await getSettings(),
  ...(await credentialStatus()),
}));

// Base URLs, the public URL and the approval rules need a fresh second factor; a customs
// name or a time-out does not. The same value sent again is not a change.
export const PATCH = route(
  { permission: "settings.manage", body: settingsUpdateSchema, action: "settings.update", stepUp: ({ body }: { body: SettingsChange }) => settingsChangeNeedsStepUp(body) },
  async ({ body, user, req }) => {
    const settings = await updateSettings(body, user.email, {}, { actor: user, action: "settings.update", result: "ok", detail: body, ...clientInfo(req.headers) });
    return { settings, ...(await credentialStatus()) };
  },
);
