"use client";

import { signInWithCredentials } from "@/lib/auth/client";
import { SIGN_IN_ERRORS, SIGN_IN_MESSAGES } from "@/lib/auth/sign-in-errors";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";


export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const failure = await signInWithCredentials(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
      if (failure) {
        setError(SIGN_IN_MESSAGES[failure] ?? SIGN_IN_MESSAGES[SIGN_IN_ERRORS.invalid]!);
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
      {error && <Notice tone="error" testId="login-error">{error}</Notice>}
      <TextField label="Email" id="email" type="email" autoComplete="username" required autoFocus />
      <TextField label="Password" id="password" type="password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" disabled={pending}>{pending ? "Signing in…" : "Sign in"}</Button>
    </form>
  );
}
