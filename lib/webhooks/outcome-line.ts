// Phrases of an apply result (./outcome-text.ts) put into a reader's words. Apart from the
// sentence table so the browser gets only this. Client-safe.

export type OutcomePhrase = { key: string; values?: Record<string, string | OutcomePhrase[]> };

type Translator = { has: (key: never) => boolean; (key: never, values?: never): string };
/** Words of a status value (statuses namespace), the value itself when there is none. */
type StatusWords = (status: string) => string;

const STATUS_VALUES = new Set(["status", "from", "to", "current"]);
/** Values that are an instant (ISO 8601): said in the reader's zone, as every time on a page is. */
const TIME_VALUES = new Set(["at"]);

/**
 * The phrases in the reader's language: a translator of the webhooks namespace, their status
 * words, and (`time`) how the reader reads an instant.
 */
export function outcomeLine(
  t: Translator,
  status: StatusWords,
  phrases: OutcomePhrase[],
  joiner: string,
  time: (iso: string) => string = (iso) => iso,
): string {
  return phrases
    .map((p) => {
      const values: Record<string, string> = {};
      for (const [name, v] of Object.entries(p.values ?? {}))
        values[name] =
          typeof v !== "string"
            ? outcomeLine(t, status, v, joiner, time)
            : STATUS_VALUES.has(name)
              ? status(v)
              : TIME_VALUES.has(name) && !Number.isNaN(Date.parse(v))
                ? time(v)
                : v;
      return t(`outcomes.${p.key}` as never, values as never);
    })
    .join(joiner);
}
