import type { Messages } from "@/lib/platform/i18n/catalog";

// What happened to a transaction, stored as a catalog key with its values (ledger_events.detail.text)
// so each reader sees its timeline in their own language and zone. Values that are data keep
// their data form: a status ("succeeded"), an operation kind ("refund"), an amount in minor
// units with its currency; lib/ledger/event-line.ts turns them into words when read. No server
// code here: the writers (services, the webhook appliers) and the tests import it alike.

export type EventKey = keyof Messages["transactions"]["events"];
export type EventValues = Record<string, string | number>;
export type EventText = { key: EventKey; values?: EventValues };

export const said = (key: EventKey, values?: EventValues): EventText => (values ? { key, values } : { key });

/** An event text read back from the database (JSON written by this module, or nothing on older rows). */
export function eventTextOf(detail: unknown): EventText | null {
  const text = (detail as { text?: unknown } | null)?.text as { key?: unknown; values?: unknown } | undefined;
  if (!text || typeof text.key !== "string") return null;
  const values = text.values && typeof text.values === "object" ? (text.values as EventValues) : undefined;
  return { key: text.key as EventKey, ...(values ? { values } : {}) };
}
