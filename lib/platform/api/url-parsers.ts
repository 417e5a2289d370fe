import { createParser } from "nuqs/server";
import { parseDay } from "@/lib/platform/i18n/days";

/** A value `accept` takes as it is. */
export const parseAsChecked = (accept: (value: string) => boolean) =>
  createParser({ parse: (v: string) => (accept(v) ? v : null), serialize: (v: string) => v });

/** Search text: trimmed, bounded, and no NUL (PostgreSQL text cannot hold one). */
export const parseAsSearchText = (max: number) =>
  createParser({
    parse: (v: string) => {
      const text = v.trim();
      return text && text.length <= max && !text.includes("\u0000") ? text : null;
    },
    serialize: (v: string) => v,
  });

/** A real calendar day `YYYY-MM-DD` inside the calendar the console computes over. */
export const parseAsDay = parseAsChecked((v) => parseDay(v).ok);

/** A currency code (`USD`) or a country code (`US`): upper-case letters of that length. */
export const parseAsCode = (length: 2 | 3) => parseAsChecked((v) => new RegExp(`^[A-Z]{${length}}$`).test(v));

/** An amount in minor units: a whole number from 0 that a double holds exactly. */
export const parseAsMinor = createParser({
  parse: (v: string) => {
    if (!/^\s*\d+(\.0*)?\s*$/.test(v)) return null;
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : null;
  },
  serialize: (n: number) => String(n),
});

/** A keyset cursor as the list gave it (opaque; the list decodes it or starts at the newest page). */
export const parseAsCursor = (max = 1000) => parseAsChecked((v) => v.length <= max);

/** A keyset `before` id: a positive whole number PostgreSQL's bigint holds, kept as its text. */
export const parseAsIdBefore = parseAsChecked(
  (v) => /^\d{1,19}$/.test(v) && BigInt(v) > 0n && BigInt(v) <= 2n ** 63n - 1n,
);
