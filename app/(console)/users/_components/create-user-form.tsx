"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/api/client";
import { WAITING_TEXT } from "@/components/pending-changes/pending-panel";
import { ROLES, ROLE_LABELS } from "@/lib/auth/permissions";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-policy";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";

export function CreateUserForm() {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  // One Idempotency-Key per new user: a double click is the same user, not "already exists".
  const createKey = useRef(crypto.randomUUID());
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  // A new account (an admin, perhaps) needs a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
  const create = useMutation({
    mutationFn: (input: Record<string, string>) =>
      withStepUp(() =>
        apiFetch<{ user?: { email: string }; pendingChange?: unknown }>("/api/users", {
          method: "POST",
          json: input,
          headers: { "Idempotency-Key": createKey.current },
        }),
      ),
    onSuccess: ({ user }) => {
      createKey.current = crypto.randomUUID();
      // A finance, manager or admin user waits for a second admin (the panel above).
      setMessage({
        tone: "success",
        text: user ? `Created ${user.email}. Share the password with them in person.` : WAITING_TEXT,
      });
      formRef.current?.reset();
      router.refresh();
    },
    onError: (error) => setMessage({ tone: "error", text: error.message }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    create.mutate(data);
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">Add a user</h2>
      <form ref={formRef} onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <TextField label="Name" id="name" required />
        <TextField label="Email" id="email" type="email" required />
        <SelectField label="Role" id="role" defaultValue="finance">
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={`Password (at least ${PASSWORD_MIN_LENGTH} characters)`}
          id="password"
          type="password"
          autoComplete="new-password"
          required
        />
        <div className="sm:col-span-2 space-y-3">
          {message && (
            <Notice tone={message.tone} testId="create-user-message">
              {message.text}
            </Notice>
          )}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create user"}
          </Button>
        </div>
      </form>
      {dialog}
    </section>
  );
}
