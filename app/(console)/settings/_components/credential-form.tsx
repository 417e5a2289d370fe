"use client";

import type { ReactNode } from "react";
import { TextInput } from "@/components/form/field";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { Button } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";

// One credential's "paste a new value" form on the form kit: the server's own schema checks
// the value before it is sent, and a problem shows under the field it is about.

type Value = { value: string };

export function CredentialForm({
  name,
  label,
  set,
  busy,
  children,
  onSave,
}: {
  name: string;
  label: string;
  set: boolean;
  busy: boolean;
  children: ReactNode;
  /** Saves the value; resolves when saved, rejects with the API's error. */
  onSave: (value: string) => Promise<unknown>;
}) {
  const t = useTranslations("settings");
  const form = useKitForm<Value, Value>({
    schema: () => import("@/lib/platform/settings/schema").then((m) => () => m.credentialValueSchema),
    defaultValues: { value: "" },
  });
  return (
    <KitForm
      form={form}
      onValid={({ value }) =>
        onSave(value).then(
          () => form.reset({ value: "" }),
          (e: Error) => applyServerErrors(form, e),
        )
      }
      className="grid gap-3 py-4 sm:grid-cols-[1fr_1.2fr_auto] sm:items-start"
      data-testid={`credential-${name}`}
    >
      {children}
      <TextInput
        name="value"
        id={`credential-${name}-value`}
        label={t("credentials.newValue", { label })}
        type="password"
        autoComplete="off"
        placeholder={set ? t("credentials.pasteRotate") : t("credentials.paste")}
      />
      <Button type="submit" disabled={busy} className="sm:mt-6">
        {set ? t("credentials.rotate") : t("credentials.save")}
      </Button>
    </KitForm>
  );
}
