"use client";

import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Field } from "@/components/form/field";
import { useOutcome } from "@/components/outcome/use-outcome";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/platform/api/client";
import { useTranslations } from "@/lib/platform/i18n/client";

/** Its author's own note in a form: the new text replaces it, the audit log keeps the old one. */
export function NoteEdit({
  href,
  noteId,
  body,
  max,
  onDone,
  words,
}: {
  /** Where the new text is sent (PATCH { body }). */
  href: string;
  noteId: string;
  body: string;
  max: number;
  onDone: () => void;
  /** The page's own words: each section's catalog holds them (no shared catalog grows every page). */
  words: { label: string; saved: string; empty: string };
}) {
  const tc = useTranslations("common");
  const [text, setText] = useState(body);
  const [error, setError] = useState<string | null>(null);
  const outcome = useOutcome();
  const save = useMutation({
    mutationFn: (next: string) =>
      apiFetch(href, {
        method: "PATCH",
        json: { body: next },
      }),
    onSuccess: () => {
      // A toast: this form closes with the save, and a message beside it would close with it.
      outcome.show({ tone: "success", text: words.saved }, { toast: true });
      onDone();
    },
    onError: (e) => setError(e.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(words.empty);
    save.mutate(text);
  };
  const id = `note-${noteId}`;
  return (
    <form method="post" onSubmit={submit} className="mt-1 space-y-2" noValidate>
      <Field name={id} label={words.label} error={error ?? undefined}>
        {(control) => (
          <textarea
            {...control}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={max}
            rows={3}
            // biome-ignore lint/a11y/noAutofocus: the form opens where Edit was pressed, to change this text.
            autoFocus
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" disabled={save.isPending || outcome.refreshing}>
          {tc("actions.save")}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {tc("actions.cancel")}
        </Button>
      </div>
    </form>
  );
}
