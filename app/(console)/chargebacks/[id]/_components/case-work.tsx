"use client";

import { useMutation } from "@tanstack/react-query";
import { useIntentKey } from "@/components/form/use-intent";
import { EditableNote } from "@/components/records/notes/editable-note";
import { useRouter } from "next/navigation";
import { type ComponentProps, type FormEvent, useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { EVIDENCE_ACCEPT, EVIDENCE_MAX_BYTES } from "@/lib/chargebacks/evidence-types";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/form/field";
import { Notice } from "@/components/ui/notice";
import { Section } from "./case-sections";
import { PackLinks } from "./pack-links";

type Person = { id: string; name: string; email: string };
type Note = { id: string; body: string; by: string; authorId: string; at: string; editedAt: string | null };
type File = { id: string; name: string; contentType: string; size: number; by: string; at: string; href: string };

/** Owner, notes, evidence and the pack: the work on a case. Only managers see the controls. */
export function CaseWork(p: {
  caseId: string;
  manage: boolean;
  userId: string;
  owner: Person | null;
  owners: Person[];
  notes: Note[];
  files: File[];
  pack: ComponentProps<typeof PackLinks>;
}) {
  const router = useRouter();
  const t = useTranslations("chargebacks.work");
  const f = useFormat();
  const [editing, setEditing] = useState<string | null>(null);
  const kb = (n: number) =>
    n < 1024 * 1024 ? t("kb", { n: Math.ceil(n / 1024) }) : t("mb", { n: (n / 1024 / 1024).toFixed(1) });
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const noteKey = useIntentKey();
  const base = `/api/chargebacks/${encodeURIComponent(p.caseId)}`;
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => router.refresh(),
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });
  const run = (text: string, call: () => Promise<unknown>, form?: HTMLFormElement) => {
    setMessage(null);
    act.mutate(call, {
      onSuccess: () => {
        setMessage({ tone: "success", text });
        form?.reset();
      },
    });
  };

  function assign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ownerId = String(new FormData(event.currentTarget).get("owner") || "") || null;
    run(ownerId ? t("ownerSaved") : t("ownerRemoved"), () =>
      apiFetch(`${base}/owner`, { method: "PUT", json: { ownerId } }),
    );
  }
  function note(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get("note") ?? "").trim();
    if (!body) return setMessage({ tone: "error", text: t("writeNote") });
    // One intent key per note: a double click sends it twice, the server makes it once.
    const key = noteKey.current();
    run(
      t("noteAdded"),
      () =>
        apiFetch(`${base}/notes`, { method: "POST", json: { body }, headers: { "Idempotency-Key": key } }).then(
          (r) => {
            noteKey.settled();
            return r;
          },
          (e: Error) => {
            noteKey.settled(e);
            throw e;
          },
        ),
      form,
    );
  }
  function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem("evidence") as HTMLInputElement;
    const file = input.files?.[0];
    // The file's problem is said at the file field, where the person chooses another.
    const refuse = (text: string) => {
      setMessage(null);
      setFileError(text);
      input.focus();
    };
    setFileError(null);
    if (!file) return refuse(t("chooseFile"));
    if (file.size > EVIDENCE_MAX_BYTES) return refuse(t("fileTooBig"));
    setMessage(null);
    act.mutate(
      () =>
        apiFetch(`${base}/files?name=${encodeURIComponent(file.name)}`, {
          method: "POST",
          headers: { "Content-Type": "application/octet-stream" },
          body: file,
        }),
      {
        onSuccess: () => {
          setMessage({ tone: "success", text: t("uploaded", { name: file.name }) });
          form.reset();
        },
        onError: (e) => {
          setMessage(null);
          refuse(e.message);
        },
      },
    );
  }

  return (
    <aside className="min-w-0 space-y-5" data-testid="case-work">
      {message && (
        <Notice tone={message.tone} testId="case-message">
          {message.text}
        </Notice>
      )}
      <Section title={t("owner")}>
        <p className="mt-1 text-sm" data-testid="owner">
          {p.owner ? t("ownerOf", { name: p.owner.name, email: p.owner.email }) : t("nobodyYet")}
        </p>
        {p.manage && (
          <form method="post" onSubmit={assign} className="mt-3 flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <Field name="owner" label={t("giveTo")}>
                {(control) => (
                  <select {...control} name="owner" defaultValue={p.owner?.id ?? ""}>
                    <option value="">{t("nobody")}</option>
                    {p.owners.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <Button type="submit" variant="secondary" disabled={act.isPending}>
              {t("save")}
            </Button>
          </form>
        )}
      </Section>

      <Section title={t("notes")}>
        <ol className="mt-2 space-y-3 text-sm" data-testid="notes">
          {p.notes.length === 0 && <li className="text-slate-500">{t("noNotes")}</li>}
          {p.notes.map((n) => (
            <li key={n.id}>
              <EditableNote
                note={n}
                meta={`${f.dateTime(n.at)} · ${n.by}`}
                mine={p.manage && n.authorId === p.userId}
                editing={editing === n.id}
                onEditing={(on) => setEditing(on ? n.id : null)}
                href={`${base}/notes/${n.id}`}
                max={4000}
                words={{
                  edit: t("editNote"),
                  edited: (at) => t("noteEdited", { at: f.dateTime(at) }),
                  label: t("editNoteLabel"),
                  saved: t("noteSaved"),
                  empty: t("noteEmpty"),
                }}
              />
            </li>
          ))}
        </ol>
        {p.manage && (
          <form method="post" onSubmit={note} className="mt-3 space-y-2">
            <Field name="note" label={t("addNoteLabel")}>
              {(control) => <textarea {...control} name="note" rows={3} maxLength={4000} />}
            </Field>
            <Button type="submit" variant="secondary" disabled={act.isPending}>
              {t("addNote")}
            </Button>
          </form>
        )}
      </Section>

      <Section title={t("evidence")}>
        <ul className="mt-2 space-y-2 text-sm" data-testid="files">
          {p.files.length === 0 && <li className="text-slate-500">{t("noFiles")}</li>}
          {p.files.map((file) => (
            <li key={file.id} className="min-w-0">
              <a className="break-all text-brand-600 hover:underline" href={file.href} download>
                {file.name}
              </a>
              <div className="text-xs text-slate-500">
                {file.contentType} · {kb(file.size)} · {file.by} · {f.dateTime(file.at)}
              </div>
            </li>
          ))}
        </ul>
        {p.manage && (
          <form method="post" onSubmit={upload} className="mt-3 space-y-2">
            <Field name="evidence" label={t("uploadLabel")} error={fileError ?? undefined}>
              {(control) => (
                <input
                  {...control}
                  name="evidence"
                  type="file"
                  accept={EVIDENCE_ACCEPT}
                  className="mt-1 block w-full text-sm"
                />
              )}
            </Field>
            <Button type="submit" variant="secondary" disabled={act.isPending}>
              {t("upload")}
            </Button>
          </form>
        )}
      </Section>

      <Section title={t("pack")}>
        <p className="mt-1 text-sm text-slate-600">{t("packBody")}</p>
        <PackLinks {...p.pack} />
      </Section>
    </aside>
  );
}
