"use client";

import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/api/client";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-policy";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

export function PasswordForm() {
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    if (newPassword !== String(form.get("confirmPassword") ?? "")) {
      return setMessage({ tone: "error", text: "The two new passwords differ." });
    }
    setPending(true);
    setMessage(null);
    try {
      await apiFetch("/api/me/password", { method: "POST", json: { currentPassword, newPassword } });
      setMessage({ tone: "success", text: "Password changed. Other sessions were signed out." });
      // The next page tells whether anything else is needed (a second factor for some roles).
      window.location.assign("/");
    } catch (e) {
      setMessage({ tone: "error", text: e instanceof Error ? e.message : String(e) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5" noValidate>
      {message && (
        <Notice tone={message.tone} testId="password-message">
          {message.text}
        </Notice>
      )}
      <TextField
        label="Current password"
        id="currentPassword"
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        label="New password"
        id="newPassword"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
      />
      <p className="-mt-2 text-xs text-slate-500">At least {PASSWORD_MIN_LENGTH} characters.</p>
      <TextField label="New password again" id="confirmPassword" type="password" autoComplete="new-password" required />
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Change password"}
      </Button>
    </form>
  );
}
