import "server-only";
import { domainToASCII, domainToUnicode } from "node:url";

// UTS 39's "highly restrictive" profile: Latin may mix with CJK scripts; anything else is one script.
const SCRIPTS = [
  "Latin",
  "Cyrillic",
  "Greek",
  "Han",
  "Hiragana",
  "Katakana",
  "Hangul",
  "Bopomofo",
  "Arabic",
  "Hebrew",
  "Thai",
  "Devanagari",
  "Armenian",
  "Georgian",
] as const;
const ALLOWED_MIXES = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
];
const scriptRe = new Map(SCRIPTS.map((s) => [s, new RegExp(`\\p{Script=${s}}`, "u")]));

function scriptsOf(label: string): Set<string> | null {
  const found = new Set<string>();
  for (const ch of label) {
    if (!/\p{L}/u.test(ch) || /\p{Script=Common}|\p{Script=Inherited}/u.test(ch)) continue; // ー, marks
    const script = SCRIPTS.find((s) => scriptRe.get(s)!.test(ch));
    if (!script) return null; // a script we do not judge: keep the ASCII form
    found.add(script);
  }
  return found;
}

/** A decoded label people can read as what it is: letters, marks, digits and hyphens, in scripts that go together. */
function readable(label: string): boolean {
  if (!/^[\p{L}\p{M}\p{Nd}-]+$/u.test(label)) return false; // controls, bidi and zero-width marks, symbols
  const scripts = scriptsOf(label);
  if (!scripts) return false;
  return scripts.size <= 1 || ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.includes(s)));
}

/** An e-mail address with its "xn--" domain in its script when that round-trips and cannot pass for another; else as stored. */
export function emailForDisplay(email: string): string {
  const at = email.lastIndexOf("@");
  const domain = email.slice(at + 1);
  if (at < 0 || !/(^|\.)xn--/i.test(domain)) return email;
  const shown = domainToUnicode(domain);
  if (!shown || domainToASCII(shown) !== domain.toLowerCase()) return email;
  const labels = shown.split(".");
  const stored = domain.split(".");
  if (labels.some((label, i) => /^xn--/i.test(stored[i] ?? "") && !readable(label))) return email;
  return `${email.slice(0, at + 1)}${shown}`;
}
