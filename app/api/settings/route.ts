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
import { settingsVersion } from "@/lib/platform/settings/version";
import { settingsAnswerSchema } from "@/lib/settings/answers";
import { responseDaysSchema } from "@/lib/chargebacks/schemas";

export const GET = route(
  {
    response: settingsAnswerSchema,
    doc: {
      tag: "Administration",
      summary: "Read the settings",
      description:
        "settings, which credentials are set (never their values), the current token's type, expiry and permissions, `unverified` base URLs (`{ since, by }`), `previousWebhookSecretEnds`, and `version`: send it back as `If-Match` with a PATCH",
    },
    permission: "settings.manage",
  },
  async () => {
    const settings = await getSettings();
    return { settings, version: settingsVersion(settings), ...(await credentialStatus()) };
  },
);

// Base URLs, the public URL and the approval rules need a fresh second factor; a customs
// name or a time-out does not. The same value sent again is not a change. A change that
// loosens a control (a higher threshold, a shorter retention) waits for a second admin: 202.
export const PATCH = route(
  {
    permission: "settings.manage",
    body: settingsUpdateSchema.extend({ chargebackResponseDays: responseDaysSchema.optional() }),
    action: "settings.update",
    stepUp: ({ body }: { body: SettingsChange }) => settingsChangeNeedsStepUp(body),
  },
  // If-Match: the version the sender's page was loaded at (GET's `version`): a value the sender
  // did not change is not written back over a newer one; both changed is 409 settings_moved.
  async ({ req, body, actor }) => {
    const outcome = await requestSettingsChange(body, actor, req.headers.get("if-match"));
    if ("pendingChange" in outcome) return pendingResponse(outcome.pendingChange);
    return { settings: outcome.applied, ...(await credentialStatus()) };
  },
);
