"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useId, useState } from "react";
import { TextInput } from "@/components/form/inputs";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { Button, buttonClass } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";

type NameValues = { name: string };

/**
 * "Save this view": a name for the list's filters as they are now; with `renaming`, a new name
 * for one of the person's views (components/data-table/saved-views.tsx). The name is checked by
 * the route's own schema before it is sent; `send` rejects with the API's error, said here.
 */
export function SaveViewDialog({
  onClose,
  send,
  errorId,
  renaming,
}: {
  onClose: () => void;
  send: (name: string) => Promise<unknown>;
  errorId: string;
  renaming?: string;
}) {
  const t = useTranslations("common");
  const [error, setError] = useState<string | null>(null);
  // Its own id: a page's form may have a field called "name" too (the users page's new user).
  const nameId = useId();
  const form = useKitForm<NameValues, NameValues>({
    schema: () => import("@/lib/saved-views/schemas").then((m) => () => m.renameViewSchema),
    defaultValues: { name: renaming ?? "" },
  });
  const onValid = async ({ name }: NameValues) => {
    setError(null);
    try {
      await send(name);
    } catch (e) {
      const left = applyServerErrors(form, e as Error);
      setError(left.length ? left.join(" ") : null);
    }
  };
  const pending = form.formState.isSubmitting;
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            form.setFocus("name");
          }}
        >
          <KitForm form={form} onValid={onValid} className="space-y-4">
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">
              {renaming === undefined ? t("views.saveTitle") : t("views.renameTitle", { name: renaming })}
            </AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-slate-600">
              {renaming === undefined ? t("views.saveBody") : t("views.renameBody")}
            </AlertDialog.Description>
            <TextInput
              name="name"
              id={nameId}
              label={t("views.name")}
              maxLength={60}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} className="text-sm text-red-700" role="alert">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <AlertDialog.Cancel className={buttonClass("secondary")}>{t("actions.cancel")}</AlertDialog.Cancel>
              <Button type="submit" disabled={pending}>
                {pending ? t("actions.saving") : t("actions.save")}
              </Button>
            </div>
          </KitForm>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
