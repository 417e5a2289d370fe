// A message travelling as a string may be a catalog key with its values (`validation.amountExample|{…}`).

export type MessageValues = Record<string, string | number>;

/** The loose shape of a use-intl translator over the whole catalog (useTranslations(), createTranslator). */
export type AnyTranslator = {
  // biome-ignore lint/suspicious/noExplicitAny: a key path known only at run time
  (key: any, values?: any): string;
  // biome-ignore lint/suspicious/noExplicitAny: a key path known only at run time
  has(key: any): boolean;
};

const KEY = /^([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)(?:\|(\{.*\}))?$/s;

/** A message that is a catalog key with values: what a service or schema puts in an issue. */
export function keyed(key: string, values?: MessageValues): string {
  return values && Object.keys(values).length ? `${key}|${JSON.stringify(values)}` : key;
}

/** The key and values of a keyed message; null for plain text. */
export function parseKeyed(message: string): { key: string; values: MessageValues } | null {
  const m = KEY.exec(message);
  if (!m) return null;
  if (!m[2]) return { key: m[1]!, values: {} };
  try {
    const values = JSON.parse(m[2]) as unknown;
    if (!values || typeof values !== "object" || Array.isArray(values)) return null;
    return { key: m[1]!, values: values as MessageValues };
  } catch {
    return null;
  }
}

/** How a reader sees a message's values: `*Minor` as money, `*Role` as a role, `*Key` as catalog words. */
export type ValueFormat = {
  money?: (minor: number, currency: string) => string;
  role?: (key: string) => string;
  text?: (value: string, name: string) => string;
};

function shown(t: AnyTranslator, values: MessageValues, format: ValueFormat): MessageValues {
  const out: MessageValues = {};
  const currency = typeof values.currency === "string" ? values.currency : null;
  for (const [name, v] of Object.entries(values)) {
    if (name.endsWith("Key") && typeof v === "string" && t.has(v)) out[name] = t(v);
    else if (name.endsWith("Minor") && typeof v === "number" && currency && format.money)
      out[name] = format.money(v, currency);
    else if (name.endsWith("Role") && typeof v === "string" && format.role) out[name] = format.role(v);
    else out[name] = typeof v === "string" && format.text ? format.text(v, name) : v;
  }
  return out;
}

/** A message in the reader's language: a catalog key path is translated, anything else shown as is. */
export function translateMessage(t: AnyTranslator, message: string, format: ValueFormat = {}): string {
  const parsed = parseKeyed(message);
  if (!parsed || !t.has(parsed.key)) return message;
  try {
    return t(parsed.key, shown(t, parsed.values, format));
  } catch {
    return message;
  }
}
