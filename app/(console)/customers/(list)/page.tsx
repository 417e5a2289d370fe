import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import { referencesForEmail } from "@/lib/customers/view";
import { customerLookup } from "@/lib/customers/schemas";
import { customerHref } from "@/components/customers/customer-link";
import { FilterForm, FilterText } from "@/components/ui/list-page";
import { getTranslations } from "@/lib/platform/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("customers");
  return { title: t("title") };
}

// The way to a customer page: by consumer reference, or by email through the stored cards
// that recorded one (the payment API's charges do not return the consumer's email).
export default async function CustomersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("transactions.read");
  const t = await getTranslations("customers");
  const q = customerLookup.parse(await searchParams);
  if (q.reference) redirect(customerHref(q.reference));
  const found = q.email ? await referencesForEmail(q.email) : null;
  if (found?.length === 1) redirect(customerHref(found[0]!));
  return (
    <div className="max-w-3xl space-y-5">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("description")}</p>
      </div>
      <FilterForm clearHref="/customers">
        <FilterText label={t("filters.reference")} name="reference" value={undefined} />
        <FilterText label={t("filters.email")} name="email" value={q.email} />
      </FilterForm>
      {found && (
        <section className="rounded-xl border border-slate-200 bg-white p-4" data-testid="email-matches">
          {found.length === 0 ? (
            <p className="text-sm text-slate-600">{t("noMatch", { email: q.email ?? "" })}</p>
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
        </section>
      )}
    </div>
  );
}
