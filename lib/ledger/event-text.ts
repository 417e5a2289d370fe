import type { Messages } from "@/lib/platform/i18n/catalog";

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
