"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { signInWithSso } from "@/lib/platform/auth/client";
import { SIGN_IN_ERRORS, SIGN_IN_MESSAGES } from "@/lib/platform/auth/sign-in-errors";
import { CodeEntry } from "./login-form";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";

// The company sign-in's last step on this page: the provider proved the person; the console
// opens the session at once, or first asks for its own code when the role needs one and the
// provider's token showed no second factor.

export function SsoFinish({ step, callbackUrl }: { step: "finish" | "code"; callbackUrl: string }) {
  const t = useTranslations("auth");
  const [needCode, setNeedCode] = useState(step === "code");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const started = useRef(false);

  async function finish(code?: string) {
    setPending(true);
    setError(null);
    try {
      const failure = await signInWithSso(code);
      if (!failure) return window.location.assign(callbackUrl);
      if (failure === SIGN_IN_ERRORS.mfaRequired) setNeedCode(true);
      else setError(t(SIGN_IN_MESSAGES[failure] ?? "errors.ssoExpired"));
    } catch {
      setError(t("errors.unreachable"));
    } finally {
      setPending(false);
    }
  }

  useEffect(() => {
    if (step === "finish" && !started.current) {
      started.current = true;
      void finish();
    }
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) return setError(t("errors.mfaRequired"));
    void finish(code);
  }

  if (!needCode)
    return (
      <div className="space-y-4" data-testid="sso-finish">
        {error ? (
          <Notice tone="error" testId="login-error">
            {error}
          </Notice>
        ) : (
          <p className="text-sm text-slate-600">{t("sso.finishing")}</p>
        )}
      </div>
    );
  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4" noValidate data-testid="sso-code">
      {error && (
        <Notice tone="error" testId="login-error">
          {error}
        </Notice>
      )}
      <p className="text-sm text-slate-600">{t("sso.codeIntro")}</p>
      <CodeEntry pending={pending} />
    </form>
  );
}
