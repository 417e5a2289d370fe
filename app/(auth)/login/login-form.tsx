"use client";

import { signInWithCredentials } from "@/lib/platform/auth/client";
import { SIGN_IN_ERRORS, SIGN_IN_MESSAGES } from "@/lib/platform/auth/sign-in-errors";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/form/field";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";

type Step = { kind: "password" } | { kind: "code"; email: string; password: string };

/** `demoRoles`: local mode's demo accounts by e-mail (their code step names `npm run mfa:code`). */
export function LoginForm({
  callbackUrl,
  ended,
  demoRoles,
}: {
  callbackUrl: string;
  ended: boolean;
  demoRoles: Record<string, string>;
}) {
  const t = useTranslations("auth");
  const [step, setStep] = useState<Step>({ kind: "password" });
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = step.kind === "code" ? step.email : String(form.get("email") ?? "");
    const password = step.kind === "code" ? step.password : String(form.get("password") ?? "");
    const code = step.kind === "code" ? String(form.get("code") ?? "").trim() : undefined;
    const empty = {
      ...(email.trim() ? {} : { email: t("errors.emailMissing") }),
      ...(password ? {} : { password: t("errors.passwordMissing") }),
    };
    setMissing(step.kind === "password" ? empty : {});
    if (step.kind === "password" && (empty.email || empty.password)) {
      setError(null);
      event.currentTarget.querySelector<HTMLInputElement>(empty.email ? "#email" : "#password")?.focus();
      return;
    }
    if (step.kind === "code" && !code) {
      setError(t(SIGN_IN_MESSAGES[SIGN_IN_ERRORS.mfaRequired]!));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const failure = await signInWithCredentials(email, password, code);
      if (failure === SIGN_IN_ERRORS.mfaRequired) {
        setStep({ kind: "code", email, password });
        return;
      }
      if (failure) {
        setError(t(SIGN_IN_MESSAGES[failure] ?? "errors.invalid"));
        // A wrong password after the code step starts over; a wrong code stays on the code.
        if (failure !== SIGN_IN_ERRORS.mfaInvalid) setStep({ kind: "password" });
        return;
      }
      window.location.assign(callbackUrl);
    } catch {
      setError(t("errors.unreachable"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={onSubmit} className="space-y-4" noValidate>
      {ended && !error && step.kind === "password" && (
        <Notice tone="info" testId="session-ended">
          {t("sessionEnded")}
        </Notice>
      )}
      {error && (
        <Notice tone="error" testId="login-error">
          {error}
        </Notice>
      )}
      {step.kind === "password" ? (
        <>
          <Field name="email" label={t("email")} error={missing.email}>
            {(control) => (
              // biome-ignore lint/a11y/noAutofocus: the sign-in page opens to ask for this.
              <input {...control} name="email" type="email" autoComplete="username" required autoFocus />
            )}
          </Field>
          <Field name="password" label={t("password")} error={missing.password}>
            {(control) => (
              <input {...control} name="password" type="password" autoComplete="current-password" required />
            )}
          </Field>
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? t("signingIn") : t("signIn")}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {t.rich("codeIntro", {
              email: step.email,
              strong: (chunks) => <span className="font-medium text-slate-800">{chunks}</span>,
            })}
          </p>
          {demoRoles[step.email.toLowerCase()] && (
            <p className="text-sm text-slate-600" data-testid="demo-code">
              {t.rich("demoCode", {
                role: demoRoles[step.email.toLowerCase()]!,
                code: (chunks) => <code className="whitespace-nowrap">{chunks}</code>,
              })}
            </p>
          )}
          <CodeEntry key="code" pending={pending} />
          <button
            type="button"
            className="w-full text-sm text-slate-600 hover:underline"
            onClick={() => {
              setStep({ kind: "password" });
              setError(null);
            }}
          >
            {t("anotherAccount")}
          </button>
        </>
      )}
    </form>
  );
}

/** The second factor's step: the six-digit code (focused as the step opens) and Verify. */
export function CodeEntry({ pending }: { pending: boolean }) {
  const t = useTranslations("auth");
  return (
    <>
      <Field name="code" label={t("code")}>
        {(control) => (
          <input
            {...control}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123 456"
            required
            // biome-ignore lint/a11y/noAutofocus: the code step opens to ask for this.
            autoFocus
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("checking") : t("verify")}
      </Button>
    </>
  );
}
