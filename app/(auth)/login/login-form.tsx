"use client";

import { signInWithCredentials } from "@/lib/auth/client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

const MESSAGES: Record<string, string> = {
  CredentialsSignin: "Wrong email or password.",
  Throttled: "Too many failed sign-ins. Wait 15 minutes, or ask an admin to check your account.",
};

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
        setError(MESSAGES[failure] ?? MESSAGES.CredentialsSignin!);
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
