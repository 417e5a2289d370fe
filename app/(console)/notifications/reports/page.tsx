import { requirePageUser } from "@/lib/platform/auth/session";
import { actorFor } from "@/lib/platform/auth/actor";
import { getPreferences, getTranslations, titled } from "@/lib/platform/i18n/server";
import { ROLE_LABELS, ROLES, can } from "@/lib/platform/auth/permissions";
import { db } from "@/lib/platform/db";
import { PageHeader } from "@/components/ui/page-header";
import { roleDefaults } from "@/lib/notifications/preferences";
import { ALWAYS_EMAIL, NOTIFICATION_KINDS } from "@/lib/notifications/kinds";
import { listSubscriptions } from "@/lib/reports/subscriptions";
import { REPORT_FREQUENCIES, REPORT_KINDS, REPORT_PERMISSION } from "@/lib/reports/scheduled-kinds";
import { ReportSubscriptions } from "../_components/report-subscriptions";
import { EmailPreferences } from "../_components/email-preferences";
import { preferenceForm } from "../_components/labels";

export const generateMetadata = titled("notifications", "reports.title");

/**
 * Scheduled reports (issue 35): the reader's and their role's, and subscribing; a manager
 * also subscribes a role and sets each role's notification defaults here.
 */
export default async function ScheduledReportsPage() {
  const user = await requirePageUser();
  const [t, tc, prefs] = await Promise.all([
    getTranslations("notifications"),
    getTranslations("common"),
    getPreferences(),
  ]);
  const manager = can(user, "notifications.manage");
  const [subs, views] = await Promise.all([
    listSubscriptions(actorFor(user)),
    db.savedView.findMany({ where: { userId: user.id, list: "transactions" }, orderBy: { name: "asc" } }),
  ]);
  const role = (r: (typeof ROLES)[number]) => tc(ROLE_LABELS[r]);
  const reports = REPORT_KINDS.filter((k) => manager || can(user, REPORT_PERMISSION[k]));
  const defaults = manager
    ? await Promise.all(
        ROLES.map(async (r) => {
          const modes = await roleDefaults(r);
          const views = NOTIFICATION_KINDS.map((kind) => ({
            kind,
            mode: modes[kind],
            roleDefault: modes[kind],
            own: true,
            always: ALWAYS_EMAIL.includes(kind),
          }));
          return { role: r, ...(await preferenceForm(views, prefs.timeZone)) };
        }),
      )
    : [];
  return (
    <div className="space-y-5">
      <PageHeader title={t("reports.title")}>{t("reports.description")}</PageHeader>
      <ReportSubscriptions
        subscriptions={subs.map((s) => ({
          id: s.id,
          report: t(`reports.kinds.${s.report}`) + (s.savedView ? `: ${s.savedView.name}` : ""),
          frequency: t(`reports.frequencies.${s.frequency}`),
          for: s.role ? t("reports.role", { role: role(s.role) }) : t("reports.me"),
          removable: s.userId === user.id || (manager && !!s.role),
        }))}
        reports={reports.map((k) => ({ value: k, label: t(`reports.kinds.${k}`) }))}
        frequencies={REPORT_FREQUENCIES.map((f) => ({ value: f, label: t(`reports.frequencies.${f}`) }))}
        views={views.map((v) => ({ value: v.id, label: v.name }))}
        audiences={[
          { value: "", label: t("reports.me") },
          ...(manager ? ROLES.map((r) => ({ value: r, label: t("reports.role", { role: role(r) }) })) : []),
        ]}
        labels={{
          report: t("reports.report"),
          frequency: t("reports.frequency"),
          view: t("reports.view"),
          for: t("reports.for"),
          subscribe: t("reports.subscribe"),
          unsubscribe: t("reports.unsubscribe"),
          none: t("reports.none"),
          failed: t("reports.failed"),
        }}
      />
      {manager && (
        <section className="space-y-3" aria-labelledby="role-defaults">
          <h2 id="role-defaults" className="text-lg font-semibold">
            {t("roleDefaults.title")}
          </h2>
          <p className="text-sm text-slate-600">{t("roleDefaults.description")}</p>
          {defaults.map((d) => (
            <EmailPreferences
              key={d.role}
              role={d.role}
              rows={d.rows}
              labels={{ ...d.labels, title: role(d.role), save: t("roleDefaults.save") }}
            />
          ))}
        </section>
      )}
    </div>
  );
}
