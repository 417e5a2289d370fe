import en from "@/lib/platform/i18n/messages/en/customs.json";
import { isCustomsErrorCode } from "@/lib/customs/codes";
import type { CustomsT } from "@/lib/customs/explain";

/** The service's detail inside a stored sentence for `code`; null when it is not one the console wrote. */
export function storedDetail(code: string, stored: string): string | null {
  if (!isCustomsErrorCode(code)) return null;
  const { explanation, action } = en.errors[code];
  if (!stored.startsWith(explanation) || !stored.endsWith(action)) return null;
  const middle = stored.slice(explanation.length, stored.length - action.length).trim();
  if (!middle) return "";
  return /^\(.*\)$/s.test(middle) ? middle.slice(1, -1) : null;
}

/** What a refused or unknown sub-order shows under "Problem": the code's words, the service's detail kept. */
export function subOrderProblem(t: CustomsT, code: string | null, stored: string): string {
  if (stored === en.errors.notSubmitted) return t("errors.notSubmitted");
  if (!code || !isCustomsErrorCode(code)) return stored;
  const detail = storedDetail(code, stored);
  if (detail === null) return stored; // the service's own words (an inquiry's error detail)
  const words = { explanation: t(`errors.${code}.explanation`), action: t(`errors.${code}.action`) };
  return detail ? t("errors.withDetail", { ...words, detail }) : t("errors.withoutDetail", words);
}

/** The same, split: the console's words for the code, and what Customs said itself (shown as its own words). */
export function subOrderWords(
  t: CustomsT,
  code: string | null,
  stored: string,
): { words: string | null; customs: string | null } {
  if (stored === en.errors.notSubmitted) return { words: t("errors.notSubmitted"), customs: null };
  const detail = code && isCustomsErrorCode(code) ? storedDetail(code, stored) : null;
  if (detail === null) return { words: null, customs: stored };
  const words = { explanation: t(`errors.${code}.explanation` as never), action: t(`errors.${code}.action` as never) };
  return { words: t("errors.withoutDetail", words), customs: detail || null };
}
