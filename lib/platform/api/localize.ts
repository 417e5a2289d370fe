import "server-only";
import type { ApiError } from "@/lib/platform/api/errors";
import type { CurrentUser } from "@/lib/platform/auth/session";
import { makeFormat } from "@/lib/platform/i18n/format";
import { matchLocale } from "@/lib/platform/i18n/locales";
import { catalogTranslator } from "@/lib/platform/i18n/message-text";
import { preferencesOf } from "@/lib/platform/i18n/server";
import type { Preferences } from "@/lib/platform/i18n/translator";
import { type AnyTranslator, parseKeyed, translateMessage } from "@/lib/platform/keyed";
import { getSettings } from "@/lib/platform/settings/service";

/** The reader's preferences: the signed-in user's, else the browser's Accept-Language, else the merchant's. */
export async function requestPreferences(
  headers: Headers,
  user: Pick<CurrentUser, "locale" | "timeZone"> | null,
): Promise<Preferences> {
  if (user) return preferencesOf(user);
  const settings = await getSettings();
  return {
    locale: matchLocale(headers.get("accept-language")) ?? settings.defaultLocale,
    timeZone: settings.defaultTimeZone,
  };
}

type Values = Record<string, string | number>;

function valuesOf(details: Record<string, unknown> | undefined, prefs: Preferences): Values {
  const values: Values = {};
  for (const [k, v] of Object.entries(details ?? {})) if (typeof v === "string" || typeof v === "number") values[k] = v;
  if (typeof details?.room === "number" && typeof details.currency === "string")
    values.amount = makeFormat(prefs).money(details.room, details.currency);
  return values;
}

/** The error's message in the reader's language (the error itself when nothing changes). */
export function localizeError(error: ApiError, prefs: Preferences): ApiError {
  const t = catalogTranslator(prefs.locale);
  const fields = Array.isArray(error.details?.fields)
    ? (error.details.fields as { path: unknown; message: string }[]).map((f) => ({
        ...f,
        message: translateMessage(t, f.message),
      }))
    : null;
  let message: string;
  if (fields)
    message = joinProblems(
      fields.map((f) => f.message),
      t,
    );
  else if (parseKeyed(error.message) && t.has(parseKeyed(error.message)!.key))
    message = translateMessage(t, error.message);
  else if (prefs.locale === "en") message = error.message;
  else message = catalogMessage(error, prefs) ?? error.message;
  if (message === error.message && !fields) return error;
  const Kind = error.constructor as new (...args: ConstructorParameters<typeof ApiError>) => ApiError;
  return new Kind(error.code, message, fields ? { ...error.details, fields } : error.details, error.key);
}

function upstreamMessage(error: ApiError, t: AnyTranslator): string | null {
  const code = error.details?.upstreamCode;
  const group = { payment: "paymentErrors", customs: "customs.errors" }[String(error.details?.service)];
  if (typeof code !== "string" || !group || !/^[\w]+$/.test(code)) return null;
  const [explanation, action] = [`${group}.${code}.explanation`, `${group}.${code}.action`];
  if (!t.has(explanation) || !t.has(action)) return null;
  return t("errors.api.upstream", { explanation: t(explanation), action: t(action) });
}

function catalogMessage(error: ApiError, prefs: Preferences): string | null {
  const t = catalogTranslator(prefs.locale);
  const upstream = upstreamMessage(error, t);
  if (upstream) return upstream;
  const rule = typeof error.details?.rule === "string" ? error.details.rule : null;
  const values = valuesOf(error.details, prefs);
  for (const key of [rule && `errors.rules.${rule}`, error.key, `errors.codes.${error.code}`]) {
    const parsed = key ? parseKeyed(key) : null;
    if (!parsed || !t.has(parsed.key)) continue;
    try {
      return t(parsed.key, { ...values, ...parsed.values });
    } catch {}
  }
  return null;
}

/** Every problem once, in one line (a long list is cut after the first). */
export function joinProblems(messages: string[], t: AnyTranslator = catalogTranslator("en")): string {
  const unique = [...new Set(messages)];
  const message = unique.length ? unique.join(t("errors.api.separator")) : t("errors.api.invalidInput");
  return message.length > 500 ? t("errors.api.manyProblems", { count: unique.length, first: unique[0] }) : message;
}
