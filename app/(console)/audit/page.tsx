import { requirePageUser } from "@/lib/platform/auth/session";
import { getPreferences, getTranslations, titled } from "@/lib/platform/i18n/server";
import { pageAudit } from "@/lib/platform/audit/query";
import { auditList } from "@/lib/platform/audit/search-params";
import { PrefetchedList, prefetchOf } from "@/components/data-table/prefetched-list";
import { AuditList } from "./_components/audit-list";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("audit", "title");

export default async function AuditPage({ searchParams }: PageSearch) {
  await requirePageUser("audit.read");
  const [{ timeZone }, t] = await Promise.all([getPreferences(), getTranslations("audit")]);
  const prefetch = prefetchOf(auditList, (f) => pageAudit({ ...f, timeZone }));

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">
          {timeZone === "UTC" ? t("description") : t("descriptionZone", { timeZone })}
        </p>
      </div>
      <PrefetchedList queries={[await prefetch(searchParams)]}>
        <AuditList />
      </PrefetchedList>
    </div>
  );
}
