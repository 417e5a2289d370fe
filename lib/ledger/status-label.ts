import type { Messages } from "@/lib/platform/i18n/catalog";

// A status value as its key in the statuses namespace.

export type StatusKey = keyof Messages["statuses"];

export const statusKey = (status: string) => status.replace(/\s+/g, "_") as StatusKey;

/** A status' label with a translator of the statuses namespace (server pages, route handlers, jobs). */
export function statusLabelWith(
  t: { has: (key: StatusKey) => boolean; (key: StatusKey): string },
  status: string,
): string {
  const key = statusKey(status);
  return t.has(key) ? t(key) : status;
}

/** A translated word for a data value (a type, a kind) when the catalog has one, else the value itself. Server and client. */
export function labelOr(t: { has: (key: never) => boolean; (key: never): string }, key: string, value: string) {
  return t.has(key as never) ? t(key as never) : value;
}
