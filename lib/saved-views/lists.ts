import { type ListId, listPage } from "@/lib/platform/pages";

// A view is saved for a list that is a page (lib/platform/pages.ts: where it lives, who may read it).

const PAGING = new Set(["cursor", "before", "after", "page"]);
const KEY = /^[A-Za-z][\w.-]{0,31}$/;
export const MAX_QUERY_LENGTH = 1000;
const MAX_VALUE = 200;
const MAX_KEYS = 20;

/** A list's query string in one canonical form. */
export function canonicalQuery(raw: string): string | null {
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  const kept: [string, string][] = [];
  for (const [key, value] of params) {
    const v = value.trim();
    if (!KEY.test(key) || PAGING.has(key) || !v || v.length > MAX_VALUE) continue;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    if (/[\u0000-\u001f\u007f]/.test(v)) continue;
    kept.push([key, v]);
  }
  if (!kept.length || kept.length > MAX_KEYS) return null;
  kept.sort(([a], [b]) => (a === b ? 0 : a < b ? -1 : 1));
  const query = new URLSearchParams(kept).toString();
  return query.length > MAX_QUERY_LENGTH ? null : query;
}

export const viewHref = (list: ListId, query: string) => `${listPage(list).path}?${query}`;
