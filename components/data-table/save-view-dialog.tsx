"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { type FormEvent, useRef } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";

/**
 * "Save this view": a name for the list's filters as they are now; with `renaming`, a new name
 * for one of the person's views (components/data-table/saved-views.tsx).
 */
export function SaveViewDialog({
  onClose,
  onSave,
  error,
  errorId,
  pending,
  renaming,
}: {
  onClose: () => void;
  onSave: (name: string) => void;
  error: string | null;
  errorId: string;
  pending: boolean;
  renaming?: string;
}) {
  const t = useTranslations("common");
  const nameInput = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(nameInput.current?.value.trim() ?? "");
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            nameInput.current?.focus();
          }}
        >
          <form method="post" onSubmit={submit} className="space-y-4" noValidate>
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">
              {renaming === undefined ? t("views.saveTitle") : t("views.renameTitle", { name: renaming })}
            </AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-slate-600">
              {renaming === undefined ? t("views.saveBody") : t("views.renameBody")}
            </AlertDialog.Description>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              {t("views.name")}
              <input
                ref={nameInput}
                name="name"
                defaultValue={renaming}
                maxLength={60}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm font-normal"
              />
            </label>
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
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
