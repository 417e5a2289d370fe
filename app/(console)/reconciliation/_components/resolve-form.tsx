"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { exceptionList } from "@/lib/reconciliation/search-params";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { ExceptionView } from "@/lib/reconciliation/query";
import { type Finder, returnFocusTo } from "@/components/ui/use-return-focus";
import { rowLeaving } from "@/components/ui/row-leaving";

/** Under an open difference's row: a note saying how it was settled, then Resolve (audited). */
export function ResolveForm({ exception }: { exception: ExceptionView }) {
  const t = useTranslations("reconciliation");
  const client = useQueryClient();
  const id = useId();
  const [note, setNote] = useState("");
  // The row leaves the open list once resolved: focus goes on to the next difference.
  const after = useRef<Finder>(() => null);
  const resolve = useMutation({
    mutationFn: () =>
      apiFetch(`/api/reconciliation/exceptions/${exception.id}/resolve`, { method: "POST", json: { note } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: exceptionList.key });
      returnFocusTo(after.current);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    after.current = rowLeaving(event.currentTarget);
    if (note.trim()) resolve.mutate();
  };
  return (
    <form method="post" className="max-w-xl space-y-2" onSubmit={submit} data-testid="resolve-form">
      <label htmlFor={id} className="block text-sm font-medium">
        {t("resolve.note")}
      </label>
      <textarea
        id={id}
        className="block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        rows={2}
        maxLength={2000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        // biome-ignore lint/a11y/noAutofocus: the person asked for this form by pressing Resolve on the row
        autoFocus
      />
      <Button type="submit" disabled={resolve.isPending || !note.trim()} data-testid="resolve-submit">
        {t("resolve.submit")}
      </Button>
      {resolve.error && (
        <Notice tone="error" testId="resolve-error">
          {resolve.error.message}
        </Notice>
      )}
    </form>
  );
}
