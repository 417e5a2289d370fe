import { answerOutcome } from "@/lib/pending-changes/store";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { route } from "@/lib/platform/api/route";
import {
  getSettings,
  settingsChangeNeedsStepUp,
  settingsUpdateSchema,
  type SettingsChange,
} from "@/lib/platform/settings/service";
import { credentialStatus } from "@/lib/settings/credentials";
import { requestSettingsChange } from "@/lib/pending-changes/requests";
import { settingsVersion } from "@/lib/platform/settings/version";
import { settingsAnswerSchema, settingsChangedSchema } from "@/lib/settings/answers";
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
    response: settingsChangedSchema,
    doc: {
      tag: "Administration",
      summary: "Change the settings",
      description:
        'step-up when a base URL, the public URL, the approval rules, the retention, `mfaRequiredForEveryone` or the merchant customs code or name change value; `If-Match: <version from GET>`: a value sent back as it was loaded is not written over one that moved since, and a value both moved since and changed by the sender is 409 `settings_moved` (`details.moved` names the keys); change any of `environment, upiBaseUrl, customsBaseUrl, declarationInquiryPath, upiTimeoutMs, customsTimeoutMs, merchantCustomsCode, merchantCustomsName, publicUrl, refundApprovalThresholds ({ "USD": 50000, … } minor units), refundApprovalPercent (0–100 or null), refundBatchThresholds ({ "USD": 500000, … } minor units per batch; a currency left out: every batch waits), refundBatchRatePerSecond (1–50, default 5), reconciliationDays (1–90, default 3), reconciliationRatePerSecond (1–50, default 3), webhookRetentionDays (≥ 7), webhookRejectedRetentionDays, chargebackResponseDays, mfaRequiredForEveryone (boolean), defaultLocale (en | zh-CN), defaultTimeZone, reportingTimeZone (IANA names)`; a changed base URL is marked unverified; a change that includes a looser approval rule (a higher or new refund or batch threshold), a shorter retention or two-step sign-in for everyone turned off waits whole: 202 `{ pendingChange }` (applied at once: `{ settings }` and the credential status as GET reads them, without `version`)',
      pending: pendingChangeClosedSchema,
      errors: ["conflict"],
    },
    permission: "settings.manage",
    body: settingsUpdateSchema.extend({ chargebackResponseDays: responseDaysSchema.optional() }),
    action: "settings.update",
    stepUp: ({ body }: { body: SettingsChange }) => settingsChangeNeedsStepUp(body),
  },
  // If-Match: the version the sender's page was loaded at (GET's `version`): a value the sender
  // did not change is not written back over a newer one; both changed is 409 settings_moved.
  async ({ req, body, actor }) => {
    const outcome = await requestSettingsChange(body, actor, req.headers.get("if-match"));
    return answerOutcome(outcome, async (settings) => ({ settings, ...(await credentialStatus()) }));
  },
);
