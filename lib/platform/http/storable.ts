import { keyed } from "@/lib/platform/keyed";

// Text PostgreSQL cannot store (a NUL, a lone surrogate), refused before any provider acts (issue 48).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what this looks for
const UNSTORABLE = /\u0000|\p{Cs}/u;

export const isUnstorable = (text: string) => UNSTORABLE.test(text);

/** Where in a parsed JSON value (or a record of query or path values) the first unstorable text is; null when there is none. */
export function unstorableAt(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === "string") return isUnstorable(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const at = unstorableAt(item, [...path, i]);
      if (at) return at;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (isUnstorable(key)) return [...path, key];
      const at = unstorableAt(item, [...path, key]);
      if (at) return at;
    }
  }
  return null;
}

/** The 1-based line of a text (an uploaded CSV file) that holds unstorable text; null when none does. */
export function unstorableLine(text: string): number | null {
  const m = UNSTORABLE.exec(text);
  return m ? text.slice(0, m.index).split("\n").length : null;
}

/** A request that carries text the database cannot store; answered 422, the problem at its field. */
export class UnstorableText extends Error {
  constructor(
    readonly path: (string | number)[],
    readonly problem: string,
  ) {
    super("A value holds a NUL character or broken Unicode, which cannot be stored.");
    this.name = "UnstorableText";
  }

  static at(path: (string | number)[]) {
    return new UnstorableText(path, keyed("validation.unstorableText"));
  }

  static line(line: number) {
    return new UnstorableText(["file"], keyed("validation.unstorableLine", { line }));
  }
}

/** Refuses unstorable text anywhere in `value`. */
export function assertStorable(value: unknown, path: (string | number)[] = []): void {
  const at = unstorableAt(value, path);
  if (at) throw UnstorableText.at(at);
}

/** Refuses an uploaded text file with unstorable text, naming its line. */
export function assertStorableFile(text: string): string {
  const line = unstorableLine(text);
  if (line !== null) throw UnstorableText.line(line);
  return text;
}
