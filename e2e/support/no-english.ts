import { expect, type Page } from "@playwright/test";

// Issue 21: a page a zh-CN person visits shows no English interface text. The check reads the
// page's visible text and fails on any Latin word that is not data: references, ids and codes
// the test typed or the service returned (passed in `data`), currency codes, time-zone names.

/**
 * Where the check looks. "content": the page's main content (#content), minus the pieces other
 * areas translate (PENDING_ELSEWHERE) — what the customs branch can hold itself to before the
 * merge. "body" (the default since every area is merged): the whole page, header and
 * navigation included, nothing left out.
 */
export const ZH_CHECK_SCOPE: "content" | "body" = process.env.ZH_CHECK_SCOPE === "content" ? "content" : "body";

/** Shared pieces inside #content that the list kit's owner translates (SHELL): left out in "content" scope only. */
export const PENDING_ELSEWHERE = [
  '[data-testid="column-picker"]',
  '[data-testid="saved-views"]',
  '[data-testid="list-summary"]',
  '[data-testid="list-count"]',
];

/** Latin words that are data or names in any language: currency codes and symbols ("US$"), zone names, the CSV file format. */
const NOT_ENGLISH = new Set(["CNY", "USD", "EUR", "HKD", "JPY", "KRW", "GBP", "US", "CST", "UTC", "GMT", "HKT", "CSV"]);
/** IANA zone ids ("Asia/Shanghai", "America/Argentina/Buenos_Aires") and abbreviations with an offset: codes, not words. */
const ZONE_ID = /\b[A-Z][A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+\b|\b[A-Z]{2,5}[+-]\d{1,2}(?::\d\d)?\b/g;

/** The Latin words of `text` once the data strings are taken out: what a Chinese reader should not meet. */
export function englishWords(text: string, data: readonly string[]): string[] {
  // Codes are taken out before the data (a short data string must not cut a code in two) and
  // after it (what the data left): zone ids; snake_case names, the API's own field names
  // (`callback_url`); dotted paths, spec fields shown as hints (`consumer.email`,
  // `goods.data[].sku`), never an email's domain.
  const codes = (t: string) =>
    t
      .replace(/\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b/g, " ")
      .replace(/(?<![@\w.-])[a-z][a-z0-9_]*(?:(?:\[\])?\.[a-z0-9_]+)+(?:\[\])?/g, " ");
  const longestFirst = [...data].filter(Boolean).sort((a, b) => b.length - a.length);
  const without = (t: string, strings: string[]) => strings.reduce((rest, d) => rest.split(d).join(" "), t);
  // A data string with a code inside ("https://evil.example/x", an audit reason naming
  // `vault.read`) would no longer be found once its code is taken out: those go first, whole.
  let rest = without(
    text,
    longestFirst.filter((d) => codes(d) !== d),
  );
  rest = codes(rest.replace(ZONE_ID, " "));
  rest = codes(without(rest, longestFirst));
  // A word in capitals of up to five letters is a code, not a sentence's word: a country (CN), a
  // zone's abbreviation (CET), a file type (PNG) or unit (MB).
  return (rest.match(/[A-Za-z][A-Za-z'’]*/g) ?? []).filter((w) => !NOT_ENGLISH.has(w) && !/^[A-Z]{2,5}$/.test(w));
}

/** Fails when the page (its scope) shows English interface text. */
export async function expectNoEnglish(page: Page, data: readonly string[], soft = false) {
  const text = await page.evaluate(
    ({ scope, pending }) => {
      const root = scope === "body" ? document.body : document.getElementById("content");
      if (!root) return "";
      // Content marked translate="no" (the HTML attribute for codes and names), and <code>, is not interface text.
      const codes = [...root.querySelectorAll<HTMLElement>('[translate="no"], code')];
      const hidden = [
        ...codes,
        ...(scope === "body" ? [] : pending.flatMap((s) => [...root.querySelectorAll<HTMLElement>(s)])),
      ];
      const before = hidden.map((el) => el.style.display);
      for (const el of hidden) el.style.display = "none";
      // A select's innerText lists every option, shown or not: such an option's text is lifted out.
      const options = codes.filter((el) => el.tagName === "OPTION");
      const words = options.map((el) => el.textContent);
      for (const el of options) el.textContent = "";
      const read = root.innerText;
      hidden.forEach((el, i) => {
        el.style.display = before[i]!;
      });
      options.forEach((el, i) => {
        el.textContent = words[i]!;
      });
      return read;
    },
    { scope: ZH_CHECK_SCOPE, pending: PENDING_ELSEWHERE },
  );
  expect(text.trim().length, `nothing read on ${page.url()}`).toBeGreaterThan(0);
  // soft: a walk through many pages reports every page's English, not only the first page's.
  (soft ? expect.soft : expect)(
    englishWords(text, data),
    `English interface text on ${page.url()} (${ZH_CHECK_SCOPE}):\n${text}`,
  ).toEqual([]);
}
