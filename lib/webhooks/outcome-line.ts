// Phrases of an apply result (./outcome-text.ts) put into a reader's words.

export type OutcomePhrase = { key: string; values?: Record<string, string | OutcomePhrase[]> };

type Translator = { has: (key: never) => boolean; (key: never, values?: never): string };
type StatusWords = (status: string) => string;

const STATUS_VALUES = new Set(["status", "from", "to", "current"]);
const TIME_VALUES = new Set(["at"]);

/** The phrases in the reader's language. */
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
