"use client";

import { useUsersChanged } from "./use-users-changed";
import { useIntent } from "@/components/form/use-intent";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { WAITING_TEXT } from "@/components/workflows/pending-changes/waiting";
import { PASSWORD_MIN_LENGTH } from "@/lib/platform/auth/password-policy";
import type { CreateUserInput } from "@/lib/users/schemas";
import { Button } from "@/components/ui/button";
import { SelectInput, TextInput } from "@/components/form/inputs";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Card, CardTitle } from "@/components/ui/card";
import type { RoleOption } from "./users-columns";

type Values = { name: string; email: string; role: string; password: string };
const EMPTY: Values = { name: "", email: "", role: "finance", password: "" };

export function CreateUserForm({ roles }: { roles: RoleOption[] }) {
  const t = useTranslations("users");
  const tc = useTranslations("common");
  const changed = useUsersChanged();
  const form = useKitForm<Values, CreateUserInput>({
    schema: () => import("@/lib/users/schemas").then((m) => () => m.createUserSchema),
    defaultValues: EMPTY,
  });
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  // A new account (an admin, perhaps) needs a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
  // One Idempotency-Key per new user: a double click is the same user, not "already exists".
  const create = useIntent({
    send: (input: CreateUserInput, key) =>
      withStepUp(() =>
        apiFetch<{ user?: { email: string }; pendingChange?: unknown }>("/api/users", {
          method: "POST",
          json: input,
          headers: { "Idempotency-Key": key },
        }),
      ),
    onSuccess: (result) => {
      const { user } = result;
      // A finance, manager or admin user waits for a second admin (the panel above), who gets
      // its first password: the one typed here is not kept (issue 30).
      setMessage({
        tone: "success",
        text: user ? t("form.created", { email: user.email }) : `${tc(WAITING_TEXT)} ${t("form.passwordAtApproval")}`,
      });
      form.reset(EMPTY);
      changed(result);
    },
    onError: (e) => {
      const left = applyServerErrors(form, e);
      setMessage(left.length ? { tone: "error", text: left.join(" ") } : null);
    },
  });

  return (
    <Card padding={5}>
      <CardTitle>{t("form.title")}</CardTitle>
      <KitForm
        form={form}
        onValid={(input) => {
          setMessage(null);
          return create.submit(input);
        }}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <TextInput name="name" label={t("form.name")} autoComplete="off" />
        <TextInput name="email" label={t("form.email")} type="email" autoComplete="off" />
        <SelectInput name="role" label={t("columns.role")}>
          {roles.map((r) => (
            <option key={r.key} value={r.key} translate={r.own ? "no" : undefined}>
              {r.label}
            </option>
          ))}
        </SelectInput>
        <TextInput
          name="password"
          label={t("form.password", { min: PASSWORD_MIN_LENGTH })}
          type="password"
          autoComplete="new-password"
        />
        <div className="space-y-3 sm:col-span-2">
          <FormSummary />
          {message && (
            <Notice tone={message.tone} testId="create-user-message">
              {message.text}
            </Notice>
          )}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t("form.creating") : t("form.create")}
          </Button>
        </div>
      </KitForm>
      {dialog}
    </Card>
  );
}
