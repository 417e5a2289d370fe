"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { customerHref } from "@/components/records/customers/customer-link";
import { FilterBar, FilterText } from "@/components/data-table/list-filters";
import { useList } from "@/components/data-table/use-list";
import { Card } from "@/components/ui/card";
import { customerList } from "@/lib/customers/search-params";
import { useTranslations } from "@/lib/platform/i18n/client";

/**
 * The lookup in the browser: a reference opens its customer page; an email is URL state and a
 * fetch of GET /api/customers, listing the references its stored cards recorded, and opening
 * the one page when there is one (replacing the lookup in the history, so Back is not a loop).
 */
export function CustomerLookup() {
  const t = useTranslations("customers");
  const router = useRouter();
  const { state, filter, query, issues } = useList(customerList);
  const found = state.email && !query.isPlaceholderData ? query.data?.references : undefined;
  const only = found?.length === 1 ? found[0] : undefined;
  useEffect(() => {
    if (only) router.replace(customerHref(only));
  }, [only, router]);
  // Not "no match" when the lookup failed: the section's error boundary says what failed.
  if (query.isError) throw query.error;
  return (
    <>
      <FilterBar
        key={customerList.search(state)}
        issues={issues}
        views={customerList.page}
        onApply={(v) => {
          const { reference, email } = customerList.load(v);
          if (reference) router.push(customerHref(reference));
          else void filter({ reference: null, email });
        }}
        onClear={() => void filter({ reference: null, email: null })}
      >
        <FilterText label={t("filters.reference")} name="reference" value={null} />
        <FilterText label={t("filters.email")} name="email" value={state.email} />
      </FilterBar>
      {found && (
        <Card data-testid="email-matches">
          {found.length === 0 ? (
            <p className="text-sm text-slate-600">{t("noMatch", { email: state.email ?? "" })}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {found.map((r) => (
                <li key={r}>
                  <Link className="text-brand-600 hover:underline" href={customerHref(r)}>
                    {r}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
    </>
  );
}
