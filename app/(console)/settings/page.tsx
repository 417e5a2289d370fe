import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { getSettings } from "@/lib/settings/service";
import { credentialStatus } from "@/lib/settings/credentials";
import { EnvironmentForm } from "./_components/environment-form";
import { CredentialsPanel } from "./_components/credentials-panel";
import { ApprovalForm } from "./_components/approval-form";
import { VerificationNotice } from "./_components/verification-notice";
import { RetentionForm } from "./_components/retention-form";
import { ResponseWindowForm } from "./_components/response-window-form";
import { activeAdminCount, listPending } from "@/lib/pending-changes/store";
import { PendingPanel } from "@/components/pending-changes/pending-panel";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const me = await requirePageUser("settings.manage");
  const [settings, status, pending, admins] = await Promise.all([
    getSettings(),
    credentialStatus(),
    listPending("settings"),
    activeAdminCount(),
  ]);
  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Settings</h1>
        <p className="mt-1 text-slate-600">
          Where the console sends payment and customs calls, and the merchant’s credentials. Credentials are stored
          encrypted and are never shown again after saving. Every change is recorded in the audit log.
        </p>
      </div>
      <VerificationNotice unverified={status.unverified} />
      <PendingPanel items={pending} currentUserId={me.id} singleAdmin={admins <= 1} />
      <CredentialsPanel initial={JSON.parse(JSON.stringify(status))} />
      <EnvironmentForm initial={settings} />
      <ApprovalForm thresholds={settings.refundApprovalThresholds} percent={settings.refundApprovalPercent} />
      <RetentionForm settledDays={settings.webhookRetentionDays} refusedDays={settings.webhookRejectedRetentionDays} />
      <ResponseWindowForm days={settings.chargebackResponseDays} />
    </div>
  );
}
