import "server-only";
import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import { makeFormat } from "@/lib/platform/i18n/format";
import type { Locale } from "@/lib/platform/i18n/locales";
import { labelOr, statusLabelWith } from "./status-label";
import type { EventText } from "./event-text";

type Prefs = { locale: Locale; timeZone: string };

export function eventLineFor(prefs: Prefs) {
  const messages = CATALOGS[prefs.locale];
  const { locale, timeZone } = prefs;
  const t = createTranslator({ locale, timeZone, messages, namespace: "transactions.events" });
  const statuses = createTranslator({ locale, timeZone, messages, namespace: "statuses" });
  const kinds = createTranslator({ locale, timeZone, messages, namespace: "operations.kinds" });
  const f = makeFormat(prefs);
  return (text: EventText, fallback?: string): string => {
    if (!t.has(text.key)) return fallback ?? text.key;
    const v: Record<string, string | number> = { ...text.values };
    for (const name of ["status", "from", "to"] as const)
      if (typeof v[name] === "string") v[name] = statusLabelWith(statuses, v[name] as string);
    if (typeof v.kind === "string") v.kind = labelOr(kinds, v.kind, v.kind);
    if (v.amount !== undefined && typeof v.currency === "string") v.money = f.money(Number(v.amount), v.currency);
    try {
      return t(text.key, v as never);
    } catch {
      return fallback ?? text.key; // a value missing from an older row: its stored English says it
    }
  };
}

let english: ReturnType<typeof eventLineFor> | undefined;
/** The English line kept in ledger_events.summary (one translator for every write). */
export const englishLine = (text: EventText) => {
  english ??= eventLineFor({ locale: "en", timeZone: "UTC" });
  return english(text);
};

/** A row of ledger_events as a writer gives it. */
export type EventRow = {
  transactionId: string;
  kind: string;
  summary: string;
  actorEmail?: string | null;
  detail?: Record<string, unknown> | null;
};

/** A console event's row for ledger_events: the English line, and the key a reader's page renders. */
export function consoleEvent(transactionId: string, text: EventText, actorEmail: string | null): EventRow {
  return { transactionId, kind: "console", summary: englishLine(text), actorEmail, detail: { text } };
}
