"use client";

import type { inferParserType, Values } from "nuqs";
import { useState } from "react";
import type { transactionSearchParams } from "@/lib/ledger/search-params";
import { METHODS, STATUSES, TYPES } from "@/lib/ledger/constants";
import { DayShortcuts } from "@/components/form/day-shortcuts";
import { keyed } from "@/lib/platform/keyed";
import { currencyDigits, parseMoneyText, toMajorString } from "@/lib/platform/money";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useStatusLabel } from "@/components/records/ledger/status-label";
import { useMethodLabel } from "@/components/payments/format";
import { labelOr } from "@/lib/ledger/status-label";
import { FilterIssues, IssueNote, useFilterIssues } from "@/components/data-table/list-filters";
import { useDebouncedUrlWrite } from "./use-debounced-url-write";

type State = inferParserType<typeof transactionSearchParams>;
type SetState = (values: Partial<Values<typeof transactionSearchParams>>) => Promise<URLSearchParams>;

const input = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

/**
 * Filter controls; every change resets the cursor so the result starts at page one. A value
 * the list cannot use is said beside its field — from the URL (the list's issues), as typed
 * (an amount with too many decimals, a sign), or across fields (a To day before the From day) —
 * rather than a silent "No transactions match".
 */
export function Filters({ state, setState }: { state: State; setState: SetState }) {
  const t = useTranslations("transactions.filters");
  const tx = useTranslations("transactions");
  const status = useStatusLabel();
  const method = useMethodLabel();
  const fromUrl = useFilterIssues();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const refuseTyped = (key: string, message: string | null) =>
    setTyped(({ [key]: _, ...rest }) => (message ? { ...rest, [key]: message } : rest));
  const issues = [
    ...Object.entries(typed).map(([key, message]) => ({ key, message })),
    ...(state.from && state.to && state.from > state.to
      ? [{ key: "to", message: keyed("transactions.filters.toBeforeFrom") }]
      : []),
    ...fromUrl,
  ];
  const [q, setQ] = useState(state.q ?? "");
  useDebouncedUrlWrite(q, (state.q ?? "") !== q.trim(), (typed) => setState({ q: typed.trim() || null, cursor: null }));
  const set = (values: Partial<Values<typeof transactionSearchParams>>) => void setState({ ...values, cursor: null });
  const currency = state.currency ?? "USD";
  const amountText = (minor: number | null) => (minor === null ? "" : toMajorString(minor, currency));
  const amountSet = (key: "amountMin" | "amountMax") => (e: React.FocusEvent<HTMLInputElement>) => {
    const text = e.currentTarget.value.trim();
    const parsed = text ? parseMoneyText(text, currency, { allowZero: true }) : null;
    refuseTyped(key, parsed && !parsed.ok ? parsed.error : null);
    if (!parsed) set({ [key]: null });
    else if (parsed.ok) set({ [key]: parsed.minor });
  };

  return (
    <FilterIssues value={issues}>
      <search className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-xs text-slate-600">
          {t("search")}
          <input
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t("searchPlaceholder")}
            className={`${input} w-64`}
            aria-label={t("searchLabel")}
          />
          <IssueNote name="q" />
        </label>
        <AnyOf
          name="status"
          label={t("status")}
          options={STATUSES}
          labelOf={status}
          value={state.status?.[0]}
          onChange={(v) => set({ status: v ? [v] : null })}
        />
        <AnyOf
          name="type"
          label={t("type")}
          options={TYPES}
          labelOf={(v) => labelOr(tx, `types.${v}`, v)}
          value={state.type?.[0]}
          onChange={(v) => set({ type: v ? [v] : null })}
        />
        <AnyOf
          name="method"
          label={t("method")}
          options={METHODS}
          labelOf={method}
          value={state.method ?? undefined}
          onChange={(v) => set({ method: v })}
        />
        <label className="flex flex-col text-xs text-slate-600">
          {t("currency")}
          <input
            defaultValue={state.currency ?? ""}
            onBlur={(e) => set({ currency: e.target.value.trim().toUpperCase() || null })}
            maxLength={3}
            placeholder="USD"
            className={`${input} w-20 uppercase`}
            aria-label={t("currency")}
          />
          <IssueNote name="currency" />
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          {t("country")}
          <input
            defaultValue={state.country ?? ""}
            onBlur={(e) => set({ country: e.target.value.trim().toUpperCase() || null })}
            maxLength={2}
            placeholder="US"
            className={`${input} w-16 uppercase`}
            aria-label={t("country")}
          />
          <IssueNote name="country" />
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          {t("from")}
          <input
            type="date"
            value={state.from ?? ""}
            onChange={(e) => set({ from: e.target.value || null })}
            className={input}
            aria-label={t("fromLabel")}
          />
          <IssueNote name="from" />
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          {t("to")}
          <input
            type="date"
            value={state.to ?? ""}
            onChange={(e) => set({ to: e.target.value || null })}
            className={input}
            aria-label={t("toLabel")}
          />
          <IssueNote name="to" />
        </label>
        <DayShortcuts from={state.from} to={state.to} onPick={(days) => set(days)} />
        <label className="flex flex-col text-xs text-slate-600">
          {t("amountFrom", { currency, digits: currencyDigits(currency) })}
          <input
            defaultValue={amountText(state.amountMin)}
            onBlur={amountSet("amountMin")}
            inputMode="decimal"
            className={`${input} w-28`}
            aria-label={t("minimum")}
          />
          <IssueNote name="amountMin" />
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          {t("amountTo")}
          <input
            defaultValue={amountText(state.amountMax)}
            onBlur={amountSet("amountMax")}
            inputMode="decimal"
            className={`${input} w-28`}
            aria-label={t("maximum")}
          />
          <IssueNote name="amountMax" />
        </label>
      </search>
    </FilterIssues>
  );
}

/** A select of one value among `options`, or "Any". */
function AnyOf<T extends string>({
  name,
  label,
  options,
  value,
  onChange,
  labelOf,
}: {
  name: string;
  label: string;
  labelOf: (value: T) => string;
  options: readonly T[];
  value: T | string | undefined;
  onChange: (v: T | null) => void;
}) {
  const t = useTranslations("transactions.filters");
  return (
    <label className="flex flex-col text-xs text-slate-600">
      {label}
      <select
        value={value ?? ""}
        onChange={(e) => onChange((e.target.value || null) as T | null)}
        className={input}
        aria-label={label}
      >
        <option value="">{t("any")}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labelOf(o)}
          </option>
        ))}
      </select>
      <IssueNote name={name} />
    </label>
  );
}
