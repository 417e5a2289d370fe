import { getTranslations } from "@/lib/platform/i18n/server";

/** A section's skeleton while its server data loads: the page's shape, announced once. `what` is already in the person's language. */
export async function SectionLoading({ what, rows = 6 }: { what: string; rows?: number }) {
  const t = await getTranslations("common");
  const bar = "rounded bg-slate-200 motion-safe:animate-pulse";
  return (
    <div role="status" aria-live="polite" className="space-y-4" data-testid="section-loading">
      <span className="sr-only">{t("sectionLoading.loading", { what })}</span>
      <div aria-hidden="true" className="space-y-4">
        <div className={`${bar} h-7 w-56`} />
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className={`${bar} h-4 w-2/3`} />
        </div>
        <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          {Array.from({ length: rows }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows that never reorder.
            <div key={i} className={`${bar} h-4`} style={{ width: `${95 - ((i * 13) % 30)}%` }} />
          ))}
        </div>
      </div>
    </div>
  );
}
