"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { buttonClass } from "@/components/ui/button";

type Mode = "console" | "email" | "digest";
type Row = { kind: string; label: string; mode: Mode; own: boolean; always: boolean };
type Quiet = { start: string; end: string } | null;
export type PreferenceLabels = {
  title: string;
  description: string;
  always: string;
  save: string;
  saved: string;
  failed: string;
  /** "As my role: E-mail" — the role's default, worded on the server. */
  roleDefault: Record<string, string>;
  modes: Record<Mode, string>;
  quiet: { title: string; description: string; on: string; start: string; end: string };
};

const MODES: Mode[] = ["console", "email", "digest"];
const ROLE = "";

/**
 * The reader's choice per event (console only, e-mail, morning digest, or their role's
 * default) and their quiet hours; security notices are shown as always e-mailed. Also the
 * managers' form for a role's defaults (`role`: no quiet hours, no role-default choice).
 */
export function EmailPreferences({
  rows,
  quiet,
  labels,
  role,
}: {
  rows: Row[];
  quiet?: Quiet;
  labels: PreferenceLabels;
  role?: string;
}) {
  const [modes, setModes] = useState(() =>
    Object.fromEntries(rows.map((r) => [r.kind, r.own || role ? r.mode : ROLE])),
  );
  const [hours, setHours] = useState<Quiet>(quiet ?? null);
  const [state, setState] = useState<"idle" | "busy" | "saved" | "failed">("idle");
  const save = async () => {
    setState("busy");
    try {
      const chosen = Object.fromEntries(
        rows.filter((r) => !r.always).map((r) => [r.kind, modes[r.kind] === ROLE ? null : modes[r.kind]]),
      );
      if (role) await apiFetch("/api/notifications/role-defaults", { method: "PUT", json: { role, modes: chosen } });
      else
        await apiFetch("/api/notifications/preferences", {
          method: "PUT",
          json: { modes: chosen, quietHours: hours },
        });
      setState("saved");
    } catch {
      setState("failed");
    }
  };
  const id = role ? `defaults-${role}` : "mine";
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-3" data-testid={`email-preferences-${id}`}>
      <legend className="px-1 font-semibold">{labels.title}</legend>
      <p className="mb-2 text-sm text-slate-600">{labels.description}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {rows.map((r) => (
          <div key={r.kind} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            {r.always ? <span>{r.label}</span> : <label htmlFor={`${id}-${r.kind}`}>{r.label}</label>}
            {r.always ? (
              <span className="text-slate-500">{labels.always}</span>
            ) : (
              <select
                id={`${id}-${r.kind}`}
                className="rounded border border-slate-300 px-2 py-1"
                value={modes[r.kind]}
                onChange={(e) => setModes((m) => ({ ...m, [r.kind]: e.target.value }))}
              >
                {!role && <option value={ROLE}>{labels.roleDefault[r.kind]}</option>}
                {MODES.map((m) => (
                  <option key={m} value={m}>
                    {labels.modes[m]}
                  </option>
                ))}
              </select>
            )}
          </div>
        ))}
      </div>
      {!role && (
        <div className="mt-3 space-y-2 border-t border-slate-100 pt-3 text-sm">
          <p className="font-semibold">{labels.quiet.title}</p>
          <p className="text-slate-600">{labels.quiet.description}</p>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={!!hours}
              onChange={(e) => setHours(e.target.checked ? { start: "22:00", end: "07:00" } : null)}
            />
            {labels.quiet.on}
          </label>
          {hours && (
            <div className="flex flex-wrap gap-3">
              {(["start", "end"] as const).map((end) => (
                <label key={end} className="flex items-center gap-2">
                  {labels.quiet[end]}
                  <input
                    type="time"
                    className="rounded border border-slate-300 px-2 py-1"
                    value={hours[end]}
                    onChange={(e) => setHours((h) => (h ? { ...h, [end]: e.target.value } : h))}
                  />
                </label>
              ))}
            </div>
          )}
        </div>
      )}
      <div className="mt-3 flex items-center gap-3">
        <button type="button" className={buttonClass("secondary")} disabled={state === "busy"} onClick={save}>
          {labels.save}
        </button>
        <span role="status" className="text-sm text-slate-600">
          {state === "saved" ? labels.saved : state === "failed" ? labels.failed : ""}
        </span>
      </div>
    </fieldset>
  );
}
