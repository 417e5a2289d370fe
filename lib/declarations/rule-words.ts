import "server-only";
import { catalogTranslator } from "@/lib/platform/i18n/message-text";
import { numberLocale } from "@/lib/platform/i18n/format";
import type { Locale } from "@/lib/platform/i18n/locales";
import { formatMoney } from "@/lib/platform/money";
import { type DeclarationDraft, declarationIssues, type Parent, type RuleIssue, ruleText } from "./rules";

/** A rule's problem in words outside React, through the precompiled catalog (a raw read shows "{sub}: …"). */
export function ruleWords(issue: Pick<RuleIssue, "key" | "values">, locale: Locale = "en"): string {
  const t = catalogTranslator(locale);
  return ruleText(
    (key, values) => t(`customs.${key}`, values),
    (fen) => formatMoney(fen, "CNY", numberLocale(locale)),
    issue,
  );
}

/** Every rule the declaration breaks, in English; empty when it may be sent. */
export function declarationProblems(d: DeclarationDraft, parent: Parent): string[] {
  return declarationIssues(d, parent).map((issue) => ruleWords(issue));
}
