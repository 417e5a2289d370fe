import Link from "next/link";
import type { ReactNode } from "react";
import type { SavedViewList } from "@/lib/saved-views/lists";
import { SavedViews } from "@/components/data-table/saved-views";
import { getTranslations } from "@/lib/platform/i18n/server";

// The pieces every filtered list page shares: a GET form whose fields are the URL's filter
// state, and a table with its header and an empty-state row. The fields are uncontrolled
// (defaultValue): a page keys its FilterForm by its filter, so a client-side move to other
// filters (a saved view, a status link) shows them instead of the previous ones.

const control = "mt-1 rounded-md border border-slate-300 px-2 py-1.5";

export async function FilterForm({
  clearHref,
  views,
  children,
}: {
  clearHref: string;
  /** The list whose saved views sit at the form's end (save these filters, open a saved set). */
  views?: SavedViewList;
  children: ReactNode;
}) {
  const t = await getTranslations("common");
  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
      method="get"
    >
      {children}
      <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white">
        {t("filters.apply")}
      </button>
      <Link href={clearHref} className="px-2 py-1.5 text-slate-600 hover:underline">
        {t("filters.clear")}
      </Link>
      {views && (
        <div className="ml-auto">
          <SavedViews list={views} />
        </div>
      )}
    </form>
  );
}

export function FilterText({
  label,
  name,
  value,
  placeholder,
  type = "text",
}: {
  label: string;
  name: string;
  value?: string;
  placeholder?: string;
  type?: "text" | "date";
}) {
  return (
    <label className="flex flex-col">
      {label}
      <input type={type} name={name} defaultValue={value} placeholder={placeholder} className={control} />
    </label>
  );
}

/** A select whose first option, "Any" (common.filters.any), means no filter. Options are values, or [value, label] pairs. */
export async function FilterSelect({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value?: string;
  options: readonly (string | readonly [string, string])[];
}) {
  const t = await getTranslations("common");
  return (
    <label className="flex flex-col">
      {label}
      <select name={name} defaultValue={value ?? ""} className={control}>
        <option value="">{t("filters.any")}</option>
        {options.map((o) => {
          const [v, text] = typeof o === "string" ? [o, o] : o;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
    </label>
  );
}

export function ListTable({
  testId,
  headers,
  empty,
  children,
}: {
  testId: string;
  headers: readonly string[];
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-sm" data-testid={testId}>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            {headers.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed header row; two columns may share a title.
              <th key={`${h}-${i}`} className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty !== null && (
            <tr>
              <td colSpan={headers.length} className="px-3 py-8 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** A list's URL: its path and the filter's set values (empty ones dropped), in their order. */
export function listHref(path: string, filter: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Under a keyset-paged list (lib/platform/api/keyset.ts): "Newest" back to the first page when this
 * is an older one, "Older →" on to the rows after this page's last. The filter stays; only
 * the cursor (`param`) changes.
 */
export async function Pager({
  path,
  filter,
  param = "cursor",
  next,
  older,
  olderLabel,
}: {
  path: string;
  /** The list's parsed filter, the current cursor included. */
  filter: Record<string, unknown>;
  param?: string;
  /** This is an older page (the list read its cursor); without it, a cursor in the address says so. */
  older?: boolean;
  /** The next page's cursor; null on the last page. */
  next: string | null;
  /** The list's own words for its older rows ("Older entries →"); "Older →" otherwise. */
  olderLabel?: string;
}) {
  const t = await getTranslations("common");
  const paged = older ?? (filter[param] !== undefined && filter[param] !== null);
  if (!paged && !next) return null;
  return (
    <nav className="flex items-center gap-4 text-sm" aria-label={t("pager.label")} data-testid="pager">
      {paged && (
        <Link href={listHref(path, { ...filter, [param]: undefined })} className="text-brand-600 hover:underline">
          {t("pager.newest")}
        </Link>
      )}
      {next && (
        <Link
          href={listHref(path, { ...filter, [param]: next })}
          className="text-brand-600 hover:underline"
          data-testid="pager-older"
        >
          {olderLabel ?? t("pager.older")}
        </Link>
      )}
    </nav>
  );
}
