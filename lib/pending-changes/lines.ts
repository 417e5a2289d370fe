import { type AnyTranslator, parseKeyed, translateMessage } from "@/lib/platform/keyed";

/** A piece of a line: the reader's words, or data (an email, a name, a code) shown as stored. */
export type LinePart = { text: string; data: boolean };
export type Line = { parts: LinePart[]; english: boolean };

const mark = (value: string) => `\u2068${value}\u2069`;

/** A pending change's line for a reader: money in its currency, roles by their names, data apart. */
export function pendingLine(
  t: AnyTranslator,
  line: string,
  how: { money: (minor: number, currency: string) => string; role: (key: string) => { name: string; own: boolean } },
): Line {
  // A row stored before lines were keyed holds English text: it is shown as it is, and said to be English.
  if (!parseKeyed(line)) return { parts: [{ text: line, data: false }], english: true };
  const text = translateMessage(t, line, {
    money: how.money,
    role: (key) => {
      const role = how.role(key);
      return role.own ? mark(role.name) : role.name;
    },
    text: (value, name) => (name === "setting" ? value : mark(value)),
  });
  const parts = text.split(/[\u2068\u2069]/).map((piece, i) => ({ text: piece, data: i % 2 === 1 }));
  return { parts: parts.filter((p) => p.text), english: false };
}

export const lineText = (line: Line) => line.parts.map((p) => p.text).join("");
