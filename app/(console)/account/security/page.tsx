import { requirePageUser } from "@/lib/platform/auth/session";
import { sessionPolicy } from "@/lib/platform/auth/session-policy";
import { recoveryCodesLeft } from "@/lib/platform/auth/mfa";
import { listOwnSessions } from "@/lib/users/service";
import { Notice } from "@/components/ui/notice";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import { EnrolPanel } from "./enrol-panel";
import { EndSessionsButton } from "./end-sessions-button";
import { Card, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";

export const generateMetadata = titled("account", "security.title");

// Product and system names: the same in every language. First match wins.
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"], // i18n-ignore: a product name
  [/Firefox\//, "Firefox"], // i18n-ignore: a product name
  [/Chrom(e|ium)\//, "Chrome"], // i18n-ignore: a product name
  [/Safari\//, "Safari"], // i18n-ignore: a product name
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, "Windows"], // i18n-ignore: a product name
  [/Android/, "Android"], // i18n-ignore: a product name
  [/iPhone|iPad/, "iOS"],
  [/Mac OS X/, "macOS"],
  [/Linux/, "Linux"], // i18n-ignore: a product name
];

/** "Chrome on Linux" from a user agent: enough to recognise a browser, no more. */
function browserName(userAgent: string | null, t: Awaited<ReturnType<typeof getTranslations<"account">>>): string {
  if (!userAgent) return t("security.unknownBrowser");
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? t("security.aBrowser");
  const os = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return os ? t("security.browserOn", { browser, os }) : browser;
}

export default async function SecurityPage() {
  const user = await requirePageUser(undefined, { incomplete: true });
  const required = user.mfaRequired;
  const [left, sessions, t, f] = await Promise.all([
    user.mfaEnabled ? recoveryCodesLeft(user.id) : 0,
    listOwnSessions(user),
    getTranslations("account"),
    getFormat(),
  ]);

  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title={t("security.title")}>{t("security.intro")}</PageHeader>

      <Card padding={5} className="space-y-3" data-testid="mfa-section">
        <CardTitle>{t("security.mfaTitle")}</CardTitle>
        {user.mfaEnabled ? (
          <div className="space-y-1 text-sm text-slate-700">
            <p data-testid="mfa-status">
              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
                {t("security.on")}
              </span>{" "}
              {t("security.onBody")}
            </p>
            <p className={left <= 3 ? "text-amber-800" : "text-slate-600"}>
              {t(left <= 3 ? "security.codesLeftLow" : "security.codesLeft", { left })}
            </p>
          </div>
        ) : (
          <>
            {required ? (
              <Notice tone="warning" testId="mfa-required">
                {t("security.required")}
              </Notice>
            ) : (
              <p className="text-sm text-slate-600">{t("security.optional")}</p>
            )}
            <EnrolPanel />
          </>
        )}
      </Card>

      <Card padding={5} className="space-y-3">
        <div className="flex items-center justify-between gap-4">
          <CardTitle>{t("security.sessionsTitle")}</CardTitle>
          {sessions.length > 1 && <EndSessionsButton />}
        </div>
        <ul className="divide-y divide-slate-100 text-sm" data-testid="sessions">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span className="text-slate-800" title={s.userAgent ?? undefined}>
                {browserName(s.userAgent, t)}
                {s.id === user.sessionId && (
                  <span className="ml-2 whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                    {t("security.thisBrowser")}
                  </span>
                )}
              </span>
              <span className="text-slate-500">
                {t("security.sessionTimes", { signedIn: f.dateTime(s.createdAt), lastSeen: f.dateTime(s.lastSeenAt) })}
                {s.ip ? ` · ${s.ip}` : ""}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-500">
          {t("security.sessionPolicy", {
            idle: sessionPolicy().idleMinutes,
            hours: Math.round(sessionPolicy().maxMinutes / 60),
          })}
        </p>
      </Card>
    </div>
  );
}
