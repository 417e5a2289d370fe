import "server-only";
import { translatorFor, type Preferences } from "@/lib/platform/i18n/translator";
import { makeFormat } from "@/lib/platform/i18n/format";
import { isKnownCurrency } from "@/lib/platform/money";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/platform/auth/permissions";
import { catalogTranslator } from "@/lib/platform/i18n/message-text";
import { translateMessage } from "@/lib/platform/keyed";
import { isNotificationKind } from "./kinds";
import type { ChatMessage } from "./chat-format";

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

// An event is stored as a kind and its values (STYLE 16) and worded when read.

export type StoredEvent = { kind: string; params: unknown; link: string | null };
export type Rendered = { subject: string; body: string };

type Params = Record<string, string | number>;

const paramsOf = (value: unknown): Params =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Params) : {};

/** Never throws: a value it cannot format is shown as the text it is. */
export function renderNotification(event: StoredEvent, prefs: Preferences): Rendered {
  const t = translatorFor(prefs, "notifications");
  const format = makeFormat(prefs);
  const p = paramsOf(event.params);
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(p)) values[key] = String(value);
  const as = (value: () => string, text: string) => {
    try {
      return value();
    } catch {
      return text;
    }
  };
  if (typeof p.amountMinor === "number")
    values.amount =
      typeof p.currency === "string" && isKnownCurrency(p.currency)
        ? as(() => format.money(p.amountMinor as number, p.currency as string), `${p.amountMinor} ${p.currency}`)
        : `${p.amountMinor} ${String(p.currency ?? "").trim() || "?"}`.trim();
  if (typeof p.expiresAt === "string") values.expires = as(() => format.dateTime(p.expiresAt as string), p.expiresAt);
  if (typeof p.respondBy === "string") values.respondBy = as(() => format.dateTime(p.respondBy as string), p.respondBy);
  if (typeof p.status === "string") {
    const statuses = translatorFor(prefs, "statuses");
    const key = p.status.replace(/\s+/g, "_") as Parameters<typeof statuses>[0];
    if (statuses.has(key)) values.status = statuses(key);
  }
  const change = p.change;
  if (typeof change === "string") values.change = as(() => t("changes", { change }), change);
  if (typeof p.role === "string" && isRole(p.role)) values.role = translatorFor(prefs, "common")(ROLE_LABELS[p.role]);
  const kind = event.kind;
  if (!isNotificationKind(kind)) return { subject: kind, body: "" };
  const said = [
    typeof p.lines === "string" && as(() => linesOf(p.lines as string, prefs, format.money), ""),
    typeof p.comment === "string" && p.comment && t("comment", { comment: p.comment }),
  ].filter((s): s is string => !!s);
  return {
    subject: as(() => t(`events.${kind}.subject`, values), kind),
    body: [as(() => t(`events.${kind}.body`, values), Object.values(values).join(" · ")), ...said].join(" "),
  };
}

function linesOf(stored: string, prefs: Preferences, money: (minor: number, currency: string) => string): string {
  const lines = JSON.parse(stored) as unknown;
  if (!Array.isArray(lines) || !lines.length) return "";
  const all = catalogTranslator(prefs.locale);
  const common = translatorFor(prefs, "common");
  const role = (key: string) => (isRole(key) ? common(ROLE_LABELS[key]) : key);
  const text = lines.map((line) => translateMessage(all, String(line), { money, role })).join("; ");
  return translatorFor(prefs, "notifications")("changeLines", { lines: text });
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The e-mail of an event: a plain-text part and its HTML twin, with the thing's link when it has one. */
export function renderMail(event: StoredEvent, to: { name: string }, prefs: Preferences, baseUrl: string) {
  const t = translatorFor(prefs, "notifications");
  const { subject, body } = renderNotification(event, prefs);
  const url = event.link && baseUrl ? new URL(event.link, baseUrl).toString() : null;
  const greeting = t("mail.greeting", { name: to.name });
  const link = url ? t("mail.link", { url }) : null;
  const footer = t("mail.footer");
  const text = [greeting, "", body, ...(link ? ["", link] : []), "", "--", footer, ""].join("\n");
  const html = [
    `<!doctype html><html lang="${prefs.locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : "",
    `<hr><p style="color:#64748b;font-size:12px">${escapeHtml(footer)}</p>`,
    "</body></html>",
  ].join("");
  return { subject, text, html };
}

/** The team chat message of an event (issue 35). */
export function renderChat(event: StoredEvent, prefs: Preferences, baseUrl: string): ChatMessage {
  const { subject, body } = renderNotification(event, prefs);
  const url = event.link && baseUrl ? new URL(event.link, baseUrl).toString() : null;
  const label = translatorFor(prefs, "notifications")("chat.open");
  return { title: subject, text: body, link: url ? { url, label } : null };
}

/** A plain-text mail's HTML twin: the same words, line for line (the digest, a scheduled report). */
export const htmlOfText = (text: string, locale: string) =>
  `<!doctype html><html lang="${locale}"><body><pre style="font-family:sans-serif;white-space:pre-wrap;line-height:1.5">${escapeHtml(text)}</pre></body></html>`;
