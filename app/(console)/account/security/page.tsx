import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { requiresMfa, sessionPolicy } from "@/lib/auth/session-policy";
import { recoveryCodesLeft } from "@/lib/auth/mfa";
import { listOwnSessions } from "@/lib/users/service";
import { Notice } from "@/components/ui/notice";
import { formatDateTime } from "@/lib/format";
import { EnrolPanel } from "./enrol-panel";
import { EndSessionsButton } from "./end-sessions-button";

export const metadata: Metadata = { title: "Security" };

/** "Chrome on Linux" from a user agent: enough to recognise a browser, no more. */
function browserName(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad/.test(userAgent)
        ? "iOS"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return os ? `${browser} on ${os}` : browser;
}

export default async function SecurityPage() {
  const user = await requirePageUser(undefined, { incomplete: true });
  const required = requiresMfa(user.role);
  const [left, sessions] = await Promise.all([user.mfaEnabled ? recoveryCodesLeft(user.id) : 0, listOwnSessions(user)]);

  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Security</h1>
        <p className="mt-1 text-slate-600">Two-step sign-in and the places you are signed in.</p>
      </div>

      <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-5" data-testid="mfa-section">
        <h2 className="font-semibold">Two-step sign-in</h2>
        {user.mfaEnabled ? (
          <div className="space-y-1 text-sm text-slate-700">
            <p data-testid="mfa-status">
              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">On</span> A
              code from your authenticator app is asked at every sign-in and before sensitive actions.
            </p>
            <p className={left <= 3 ? "text-amber-800" : "text-slate-600"}>
              {left} of 10 recovery codes left
              {left <= 3 ? " — ask an admin to reset your second factor to get new ones." : "."}
            </p>
          </div>
        ) : (
          <>
            {required ? (
              <Notice tone="warning" testId="mfa-required">
                Your role approves refunds or manages users and credentials, so it needs two-step sign-in. Set it up to
                continue.
              </Notice>
            ) : (
              <p className="text-sm text-slate-600">Optional for your role, and recommended.</p>
            )}
            <EnrolPanel />
          </>
        )}
      </section>

      <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
        <div className="flex items-center justify-between gap-4">
          <h2 className="font-semibold">Where you are signed in</h2>
          {sessions.length > 1 && <EndSessionsButton />}
        </div>
        <ul className="divide-y divide-slate-100 text-sm" data-testid="sessions">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span className="text-slate-800" title={s.userAgent ?? undefined}>
                {browserName(s.userAgent)}
                {s.id === user.sessionId && (
                  <span className="ml-2 whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                    this browser
                  </span>
                )}
              </span>
              <span className="text-slate-500">
                signed in {formatDateTime(s.createdAt)} · last seen {formatDateTime(s.lastSeenAt)}
                {s.ip ? ` · ${s.ip}` : ""}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-500">
          A session ends after {sessionPolicy().idleMinutes} minutes without activity, after{" "}
          {Math.round(sessionPolicy().maxMinutes / 60)} hours in any case, at sign-out, or when an admin changes your
          account.
        </p>
      </section>
    </div>
  );
}
