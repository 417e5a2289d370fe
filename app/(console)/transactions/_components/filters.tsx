"use client";

import type { inferParserType, Values } from "nuqs";
import { useEffect, useState } from "react";
import type { transactionSearchParams } from "@/lib/ledger/search-params";
import { METHODS, STATUSES, TYPES } from "@/lib/ledger/constants";
import { DayShortcuts } from "@/components/form/day-shortcuts";
import { useTranslations } from "@/lib/i18n/client";
import { translateMessage } from "@/lib/i18n/translate";
import { currencyDigits, parseMajorToMinor, toMajorString } from "@/lib/money";

type State = inferParserType<typeof transactionSearchParams>;
type SetState = (values: Partial<Values<typeof transactionSearchParams>>) => Promise<URLSearchParams>;

const input = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

/** Filter controls; every change resets the cursor so the result starts at page one. */
export function Filters({ state, setState }: { state: State; setState: SetState }) {
  const tAll = useTranslations();
  const [q, setQ] = useState(state.q ?? "");
  useEffect(() => {
    const t = setTimeout(() => {
      if ((state.q ?? "") !== q.trim()) void setState({ q: q.trim() || null, cursor: null });
    }, 300);
    return () => clearTimeout(t);
  }, [q, state.q, setState]);
  const set = (values: Partial<Values<typeof transactionSearchParams>>) => void setState({ ...values, cursor: null });
  const currency = state.currency ?? "USD";
  const amountText = (minor: number | null) => (minor === null ? "" : toMajorString(minor, currency));
  const amountSet = (key: "amountMin" | "amountMax") => (e: React.FocusEvent<HTMLInputElement>) => {
    const text = e.currentTarget.value.trim();
    if (!text) return set({ [key]: null });
    const parsed = parseMajorToMinor(text, currency);
    if (parsed.ok) set({ [key]: parsed.minor });
    else e.currentTarget.setCustomValidity(translateMessage(tAll, parsed.error));
  };

  return (
    <search className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-xs text-slate-600">
        Search
        <input
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Id, reference or consumer"
          className={`${input} w-64`}
          aria-label="Search by id, reference or consumer reference"
        />
      </label>
      <AnyOf
        label="Status"
        options={STATUSES}
        value={state.status?.[0]}
        onChange={(v) => set({ status: v ? [v] : null })}
      />
      <AnyOf label="Type" options={TYPES} value={state.type?.[0]} onChange={(v) => set({ type: v ? [v] : null })} />
      <AnyOf label="Method" options={METHODS} value={state.method ?? undefined} onChange={(v) => set({ method: v })} />
      <label className="flex flex-col text-xs text-slate-600">
        Currency
        <input
          defaultValue={state.currency ?? ""}
          onBlur={(e) => set({ currency: e.target.value.trim().toUpperCase() || null })}
          maxLength={3}
          placeholder="USD"
          className={`${input} w-20 uppercase`}
          aria-label="Currency"
        />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        Country
        <input
          defaultValue={state.country ?? ""}
          onBlur={(e) => set({ country: e.target.value.trim().toUpperCase() || null })}
          maxLength={2}
          placeholder="US"
          className={`${input} w-16 uppercase`}
          aria-label="Country"
        />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        From
        <input
          type="date"
          value={state.from ?? ""}
          onChange={(e) => set({ from: e.target.value || null })}
          className={input}
          aria-label="From date"
        />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        To
        <input
          type="date"
          value={state.to ?? ""}
          onChange={(e) => set({ to: e.target.value || null })}
          className={input}
          aria-label="To date"
        />
      </label>
      <DayShortcuts from={state.from} to={state.to} onPick={(days) => set(days)} />
      <label className="flex flex-col text-xs text-slate-600">
        Amount from ({currency}, {currencyDigits(currency)} decimals)
        <input
          defaultValue={amountText(state.amountMin)}
          onBlur={amountSet("amountMin")}
          inputMode="decimal"
          className={`${input} w-28`}
          aria-label="Minimum amount"
        />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        to
        <input
          defaultValue={amountText(state.amountMax)}
          onBlur={amountSet("amountMax")}
          inputMode="decimal"
          className={`${input} w-28`}
          aria-label="Maximum amount"
        />
      </label>
    </search>
  );
}

/** A select of one value among `options`, or "Any". */
function AnyOf<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: T | string | undefined;
  onChange: (v: T | null) => void;
}) {
  return (
    <label className="flex flex-col text-xs text-slate-600">
      {label}
      <select
        value={value ?? ""}
        onChange={(e) => onChange((e.target.value || null) as T | null)}
        className={input}
        aria-label={label}
      >
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}
