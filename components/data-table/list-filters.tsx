"use client";

import { createContext, type FormEvent, type MouseEvent, type ReactNode, useContext, useId } from "react";
import type { FilterIssue } from "@/lib/platform/api/list-state";
import type { ListId } from "@/lib/platform/pages";
import { translateMessage } from "@/lib/platform/keyed";
import { useTranslations } from "@/lib/platform/i18n/client";
import { SavedViews } from "./saved-views-lazy";

// A list's filter bar in the browser: its fields are the URL's filter state (keyed by it, so a
// saved view or a link shows its own values), "Filter" applies them through the list's
// useQueryStates, and a value the list refused is said beside its field.

const control = "mt-1 rounded-md border border-slate-300 px-2 py-1.5";
const Issues = createContext<FilterIssue[]>([]);
const Values = createContext<Record<string, unknown>>({});

export function FilterBar({
  onApply,
  onClear,
  issues,
  values = {},
  views,
  children,
}: {
  /** The form's values by field name, "" for an empty one. */
  onApply: (values: Record<string, string>) => void;
  /** The names of the fields the bar shows. */
  onClear: (names: string[]) => void;
  issues: FilterIssue[];
  /** The list's state: a field's value unless it is given one. */
  values?: Record<string, unknown>;
  /** The list whose saved views sit at the bar's end. */
  views?: ListId;
  children: ReactNode;
}) {
  const t = useTranslations("common");
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values: Record<string, string> = {};
    for (const [key, value] of new FormData(event.currentTarget)) values[key] = String(value).trim();
    onApply(values);
  };
  const clear = (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    const names = form ? [...form.elements].map((e) => (e as HTMLInputElement).name).filter(Boolean) : [];
    onClear([...new Set(names)]);
  };
  return (
    <Issues.Provider value={issues}>
      <Values.Provider value={values}>
        <form
          className="flex flex-wrap items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
          method="get"
          onSubmit={submit}
        >
          {children}
          <button type="submit" className="mt-5 rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white">
            {t("filters.apply")}
          </button>
          <button type="button" onClick={clear} className="mt-5 px-2 py-1.5 text-slate-600 hover:underline">
            {t("filters.clear")}
          </button>
          {views && (
            <div className="mt-5 ml-auto">
              <SavedViews list={views} align="right" />
            </div>
          )}
        </form>
      </Values.Provider>
    </Issues.Provider>
  );
}

/** The refused values of a list's URL, for the fields under it to say (FilterBar provides them). */
export const FilterIssues = Issues.Provider;

/** The issues the fields under this point say: a filter adding its own (a typed value refused) reads them first. */
export const useFilterIssues = () => useContext(Issues);

/** What the list said about this field's value in the URL, for the field to show and point at. */
export function useIssue(name: string) {
  const t = useTranslations();
  const id = useId();
  const issue = useContext(Issues).find((i) => i.key === name);
  const text = issue ? translateMessage(t, issue.message) : null;
  return {
    props: text ? { "aria-invalid": true as const, "aria-describedby": id } : {},
    note: text && (
      <span id={id} className="mt-1 max-w-56 text-xs text-red-700" data-testid={`filter-issue-${name}`}>
        {text}
      </span>
    ),
  };
}

/** A field of the bar: its label, its control (given the value shown and the issue's props), what the list said of it. */
function Field({
  label,
  name,
  value,
  control,
}: {
  label: string;
  name: string;
  value?: string | null;
  control: (shown: string, props: ReturnType<typeof useIssue>["props"]) => ReactNode;
}) {
  const { props, note } = useIssue(name);
  const values = useContext(Values);
  const shown = value === undefined ? values[name] : value;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the field's own, rendered inside the label
    <label className="flex flex-col">
      {label}
      {control(typeof shown === "string" ? shown : "", props)}
      {note}
    </label>
  );
}

export function FilterText({
  placeholder,
  type = "text",
  ...field
}: {
  label: string;
  name: string;
  value?: string | null;
  placeholder?: string;
  type?: "text" | "date";
}) {
  return (
    <Field
      {...field}
      control={(shown, props) => (
        <input
          type={type}
          name={field.name}
          defaultValue={shown}
          placeholder={placeholder}
          className={control}
          {...props}
        />
      )}
    />
  );
}

/**
 * A select whose first option, "Any", means no filter. Options are values (shown as `text` words
 * them) or [value, label] pairs.
 */
export function FilterSelect<V extends string>({
  options,
  text: wordOf = (v) => v,
  ...field
}: {
  label: string;
  name: string;
  value?: string | null;
  options: readonly (V | readonly [string, string])[];
  text?: (value: V) => string;
}) {
  const t = useTranslations("common");
  return (
    <Field
      {...field}
      control={(shown, props) => (
        <select name={field.name} defaultValue={shown} className={control} {...props}>
          <option value="">{t("filters.any")}</option>
          {options.map((o) => {
            const [v, text] = typeof o === "string" ? [o, wordOf(o)] : o;
            return (
              <option key={v} value={v}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    />
  );
}

/** The refused values of parameters the bar has no field for (a hand-edited URL), said once above the list. */
export function OtherIssues({ issues, fields }: { issues: FilterIssue[]; fields: readonly string[] }) {
  const t = useTranslations();
  const rest = issues.filter((i) => !fields.includes(i.key));
  if (!rest.length) return null;
  return (
    <p className="text-xs text-red-700" data-testid="filter-issues">
      {rest.map((i) => `${i.key}: ${translateMessage(t, i.message)}`).join(" · ")}
    </p>
  );
}

/** The note alone, for a list whose fields are its own (the transactions' filters). */
export function IssueNote({ name }: { name: string }) {
  return useIssue(name).note;
}
