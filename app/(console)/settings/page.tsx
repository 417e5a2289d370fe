import { requirePageUser } from "@/lib/platform/auth/session";
import { getSettings } from "@/lib/platform/settings/service";
import { credentialStatus } from "@/lib/settings/credentials";
import { EnvironmentForm } from "./_components/environment-form";
import { CredentialsPanel } from "./_components/credentials-panel";
import { BatchForm } from "./_components/batch-form";
import { NumbersForm } from "./_components/numbers-form";
import { ApprovalForm } from "./_components/approval-form";
import { VerificationNotice } from "./_components/verification-notice";
import { SignInForm } from "./_components/sign-in-form";
import { ResponseWindowForm } from "./_components/response-window-form";
import { adminStanding, listPending } from "@/lib/pending-changes/store";
import { PendingPanel } from "@/components/workflows/pending-changes/pending-panel-lazy";
import { zoneOptions } from "@/components/ui/zone-options";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { RegionalForm } from "./_components/regional-form";
import { PageHeader } from "@/components/ui/page-header";
import { gapOf } from "@/lib/declarations/merchant-customs-gap";
import { MerchantGap } from "../customs/_components/merchant-gap";
import { chatChannelsStatus } from "@/lib/notifications/chat-channels";
import { ChatPanel } from "./_components/chat-panel";
import { SettingsVersion } from "./_components/settings-version";
import { settingsVersion } from "@/lib/platform/settings/version";
import { ssoStatus } from "@/lib/sso/config";
import { listRoles } from "@/lib/roles/service";
import { NO_ACCESS } from "@/lib/platform/auth/permissions";
import { SsoPanel } from "./_components/sso-panel";
import { labelOr } from "@/lib/ledger/status-label";

export const generateMetadata = titled("settings", "title");

export default async function SettingsPage() {
  const me = await requirePageUser("settings.manage");
  const [settings, status, chat, pending, admins, t, tc, sso, roles] = await Promise.all([
    getSettings(),
    credentialStatus(),
    chatChannelsStatus(),
    listPending("settings"),
    adminStanding(),
    getTranslations("settings"),
    getTranslations("common"),
    ssoStatus(),
    listRoles(),
  ]);
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <VerificationNotice unverified={status.unverified} />
      <PendingPanel items={pending} currentUserId={me.id} {...admins} />
      <CredentialsPanel initial={JSON.parse(JSON.stringify(status))} />
      <ChatPanel initial={chat} />
      <SsoPanel
        status={sso}
        roles={roles
          .filter((r) => r.key !== NO_ACCESS)
          .map((r) => ({ key: r.key, name: r.preset ? labelOr(tc, `roles.${r.key}`, r.name) : r.name }))}
      />
      <MerchantGap gap={gapOf(settings.merchantCustomsCode, settings.merchantCustomsName)} canSet />
      <SettingsVersion version={settingsVersion(settings)}>
        <EnvironmentForm initial={settings} />
        <ApprovalForm thresholds={settings.refundApprovalThresholds} percent={settings.refundApprovalPercent} />
        <BatchForm thresholds={settings.refundBatchThresholds} rate={settings.refundBatchRatePerSecond} />
        <NumbersForm section="reconciliation" values={settings} />
        <SignInForm everyone={settings.mfaRequiredForEveryone} />
        <NumbersForm section="retention" values={settings} />
        <ResponseWindowForm days={settings.chargebackResponseDays} />
        <RegionalForm
          initial={{
            defaultLocale: settings.defaultLocale,
            defaultTimeZone: settings.defaultTimeZone,
            reportingTimeZone: settings.reportingTimeZone,
          }}
          zones={zoneOptions([settings.defaultTimeZone, settings.reportingTimeZone])}
        />
      </SettingsVersion>
    </div>
  );
}
