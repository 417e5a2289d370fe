import Link from "next/link";
import { getTranslations } from "@/lib/platform/i18n/server";
import { Notice } from "@/components/ui/notice";

// The company sign-in button, and what the page says when a company sign-in was refused.

export const SSO_REFUSALS = {
  unmapped: "sso.refused.unmapped",
  unavailable: "sso.refused.unavailable",
  unverified_email: "sso.refused.unverifiedEmail",
  disabled: "sso.refused.disabled",
  denied: "sso.refused.denied",
  failed: "sso.refused.failed",
  off: "sso.refused.off",
} as const;
export type SsoRefusal = keyof typeof SSO_REFUSALS;
export const isRefusal = (v: unknown): v is SsoRefusal => typeof v === "string" && v in SSO_REFUSALS;

export async function SsoRefused({ reason }: { reason: SsoRefusal }) {
  const t = await getTranslations("auth");
  return (
    <div className="mb-4" data-testid="sso-refused" data-reason={reason}>
      <Notice tone="error" testId="sso-refused-message">
        <strong className="block">{t("sso.refusedTitle")}</strong>
        {t(SSO_REFUSALS[reason])}
      </Notice>
    </div>
  );
}

export async function SsoButton({ label, callbackUrl, again }: { label: string; callbackUrl: string; again: boolean }) {
  const t = await getTranslations("auth");
  const name = label || t("sso.defaultLabel");
  const href = `/api/sso/start?${new URLSearchParams({ callbackUrl })}`;
  return (
    <a
      href={href}
      data-testid="sso-button"
      className="flex w-full items-center justify-center rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-800"
    >
      {again
        ? t("sso.tryAgain")
        : t.rich("sso.button", {
            label: name,
            name: (chunks) => <span translate={label ? "no" : undefined}>{chunks}</span>,
          })}
    </a>
  );
}

export async function BreakGlassLink({ callbackUrl }: { callbackUrl: string }) {
  const t = await getTranslations("auth");
  return (
    <p className="mt-4 text-center text-sm">
      <span className="block text-slate-600">{t("sso.required")}</span>
      <Link
        href={`/login?${new URLSearchParams({ breakglass: "1", callbackUrl })}`}
        className="text-slate-600 underline"
        data-testid="break-glass-link"
      >
        {t("sso.breakGlass")}
      </Link>
    </p>
  );
}
