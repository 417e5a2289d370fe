import { route } from "@/lib/platform/api/route";
import {
  getSettings,
  settingsChangeNeedsStepUp,
  settingsUpdateSchema,
  type SettingsChange,
} from "@/lib/platform/settings/service";
import { credentialStatus } from "@/lib/settings/credentials";
import { requestSettingsChange } from "@/lib/pending-changes/requests";
import { pendingResponse } from "@/lib/platform/api/responses";

export const GET = route({ permission: "settings.manage" }, async () => ({
  settings: await getSettings(),
  ...(await credentialStatus()),
}));

// Base URLs, the public URL and the approval rules need a fresh second factor; a customs
// name or a time-out does not. The same value sent again is not a change. A change that
// loosens a control (a higher threshold, a shorter retention) waits for a second admin: 202.
export const PATCH = route(
  {
    permission: "settings.manage",
    body: settingsUpdateSchema,
    action: "settings.update",
    stepUp: ({ body }: { body: SettingsChange }) => settingsChangeNeedsStepUp(body),
  },
  async ({ body, actor }) => {
    const outcome = await requestSettingsChange(body, actor);
    if ("pendingChange" in outcome) return pendingResponse(outcome.pendingChange);
    return { settings: outcome.applied, ...(await credentialStatus()) };
  },
);
