"use client";

import { signInWithCredentials } from "@/lib/auth/client";
import { SIGN_IN_ERRORS, SIGN_IN_MESSAGES } from "@/lib/auth/sign-in-errors";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

type Step = { kind: "password" } | { kind: "code"; email: string; password: string };

export function LoginForm({ callbackUrl, ended }: { callbackUrl: string; ended: boolean }) {
  const [step, setStep] = useState<Step>({ kind: "password" });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = step.kind === "code" ? step.email : String(form.get("email") ?? "");
    const password = step.kind === "code" ? step.password : String(form.get("password") ?? "");
    const code = step.kind === "code" ? String(form.get("code") ?? "").trim() : undefined;
    if (step.kind === "code" && !code) {
      setError(SIGN_IN_MESSAGES[SIGN_IN_ERRORS.mfaRequired]!);
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
        setError(SIGN_IN_MESSAGES[failure] ?? SIGN_IN_MESSAGES[SIGN_IN_ERRORS.invalid]!);
        // A wrong password after the code step starts over; a wrong code stays on the code.
        if (failure !== SIGN_IN_ERRORS.mfaInvalid) setStep({ kind: "password" });
        return;
      }
      window.location.assign(callbackUrl);
    } catch {
      setError("The console could not be reached. Check your connection and try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {ended && !error && step.kind === "password" && (
        <Notice tone="info" testId="session-ended">
          Your session has ended — after a while without activity, a sign-out, or a change to your account. Sign in
          again.
        </Notice>
      )}
      {error && (
        <Notice tone="error" testId="login-error">
          {error}
        </Notice>
      )}
      {step.kind === "password" ? (
        <>
          <TextField label="Email" id="email" type="email" autoComplete="username" required autoFocus />
          <TextField label="Password" id="password" type="password" autoComplete="current-password" required />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? "Signing in…" : "Sign in"}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Two-step sign-in is on for <span className="font-medium text-slate-800">{step.email}</span>. Open your
            authenticator app and enter the code for Merchant Console — or one of your recovery codes.
          </p>
          <TextField
            key="code"
            label="Authentication code"
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123 456"
            required
            autoFocus
          />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? "Checking…" : "Verify"}
          </Button>
          <button
            type="button"
            className="w-full text-sm text-slate-600 hover:underline"
            onClick={() => {
              setStep({ kind: "password" });
              setError(null);
            }}
          >
            Use another account
          </button>
        </>
      )}
    </form>
  );
}
