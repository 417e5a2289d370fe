"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { LongText } from "@/components/ui/long-text";

// Loaded when a person edits one of their notes, not with every page that lists notes.
const NoteEdit = dynamic(() => import("./note-edit").then((m) => m.NoteEdit));

/** The page's words for a note: each section's catalog holds them (no shared catalog grows every page). */
export type NoteWords = {
  edit: string;
  edited: (at: string) => string;
  label: string;
  saved: string;
  empty: string;
};

/**
 * One note of a list (a transaction's, a chargeback case's): who and when (`meta`), "edited …"
 * when it was, and for its author an Edit that turns the text into a form in place.
 */
export function EditableNote({
  note,
  meta,
  mine,
  editing,
  onEditing,
  href,
  max,
  words,
  bodyClassName,
}: {
  note: { id: string; body: string; editedAt: string | null };
  meta: ReactNode;
  mine: boolean;
  editing: boolean;
  onEditing: (editing: boolean) => void;
  /** Where the new text is sent (PATCH { body }). */
  href: string;
  max: number;
  words: NoteWords;
  bodyClassName?: string;
}) {
  return (
    <>
      <div className="text-xs text-slate-600">
        {meta}
        {note.editedAt && <span data-testid="note-edited"> · {words.edited(note.editedAt)}</span>}
        {mine && !editing && (
          <button
            type="button"
            className="ml-2 text-brand-600 underline"
            onClick={() => onEditing(true)}
            aria-label={`${words.edit}: ${note.body.slice(0, 40)}`}
          >
            {words.edit}
          </button>
        )}
      </div>
      {editing ? (
        <NoteEdit
          href={href}
          noteId={note.id}
          body={note.body}
          max={max}
          onDone={() => onEditing(false)}
          words={words}
        />
      ) : (
        <LongText text={note.body} className={bodyClassName} />
      )}
    </>
  );
}
