"use client";

import { EditableNote } from "@/components/records/notes/editable-note";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { Field } from "@/components/form/field";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useOutcome } from "@/components/outcome/use-outcome";
import { useIntent } from "@/components/form/use-intent";
import { Card, CardTitle } from "@/components/ui/card";

type Note = {
  id: string;
  authorId: string | null;
  authorEmail: string;
  authorName: string;
  body: string;
  createdAt: string;
  editedAt: string | null;
};
const MAX = 2000;

/** Internal notes: plain text (React escapes it; never HTML), who and when from the server. */
export function TransactionNotes({
  id,
  notes,
  canAdd,
  userId,
}: {
  id: string;
  notes: Note[];
  canAdd: boolean;
  userId: string;
}) {
  const t = useTranslations("transactions.notes");
  const f = useFormat();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const outcome = useOutcome();
  // One intent key per note: a double click sends it twice, the server makes it once.
  const add = useIntent<string, unknown>({
    send: (text, key) =>
      apiFetch(`/api/transactions/${encodeURIComponent(id)}/notes`, {
        method: "POST",
        json: { body: text },
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: () => {
      setBody("");
      setError(null);
      outcome.show({ tone: "success", text: t("added") });
    },
    onError: (e) => setError(e.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError(t("empty"));
    add.mutate(body);
  };
  return (
    <Card aria-labelledby="notes-heading">
      <CardTitle id="notes-heading">{t("title")}</CardTitle>
      <p className="text-xs text-slate-600">{t("help")}</p>
      {notes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("none")}</p>
      ) : (
        <ol className="mt-2 space-y-3" data-testid="notes">
          {notes.map((n) => (
            <li key={n.id} className="border-t border-slate-100 pt-2 text-sm">
              <EditableNote
                note={n}
                meta={
                  <>
                    <span className="font-medium text-slate-800">{n.authorName}</span> ({n.authorEmail}) ·{" "}
                    <time dateTime={n.createdAt}>{f.dateTime(n.createdAt)}</time>
                  </>
                }
                mine={canAdd && n.authorId === userId}
                editing={editing === n.id}
                onEditing={(on) => setEditing(on ? n.id : null)}
                href={`/api/transactions/${encodeURIComponent(id)}/notes/${n.id}`}
                max={MAX}
                words={{
                  edit: t("editNote"),
                  edited: (at) => t("noteEdited", { at: f.dateTime(at) }),
                  label: t("editNoteLabel"),
                  saved: t("noteSaved"),
                  empty: t("empty"),
                }}
                bodyClassName="mt-0.5"
              />
            </li>
          ))}
        </ol>
      )}
      {canAdd && (
        <form method="post" onSubmit={submit} className="mt-3 space-y-2" noValidate>
          <Field name="note-body" label={t("label")}>
            {(control) => (
              <textarea
                {...control}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                maxLength={MAX}
                rows={3}
                aria-describedby="note-count"
                aria-invalid={error ? true : undefined}
              />
            )}
          </Field>
          <div className="flex items-center justify-between gap-3">
            <span id="note-count" className="text-xs text-slate-600">
              {t("count", { count: f.number(body.length), max: f.number(MAX) })}
            </span>
            <Button type="submit" disabled={add.isPending || outcome.refreshing}>
              {add.isPending ? t("adding") : t("add")}
            </Button>
          </div>
          {error && (
            <Notice tone="error" testId="note-error">
              {error}
            </Notice>
          )}
        </form>
      )}
    </Card>
  );
}
