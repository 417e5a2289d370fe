"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { buttonClass } from "@/components/ui/button";

type Row = { kind: string; label: string; email: boolean; always: boolean };
type Labels = { title: string; always: string; save: string; saved: string; failed: string };

/** The reader's e-mail choice per event; security notices are shown ticked and cannot be changed. */
export function EmailPreferences({ rows, labels }: { rows: Row[]; labels: Labels }) {
  const [email, setEmail] = useState(() => Object.fromEntries(rows.map((r) => [r.kind, r.email])));
  const [state, setState] = useState<"idle" | "busy" | "saved" | "failed">("idle");
  const save = async () => {
    setState("busy");
    try {
      const changeable = Object.fromEntries(rows.filter((r) => !r.always).map((r) => [r.kind, email[r.kind]]));
      await apiFetch("/api/notifications/preferences", { method: "PUT", json: { email: changeable } });
      setState("saved");
    } catch {
      setState("failed");
    }
  };
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-3" data-testid="email-preferences">
      <legend className="px-1 font-semibold">{labels.title}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {rows.map((r) => (
          <label key={r.kind} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={!!email[r.kind]}
              disabled={r.always}
              onChange={(e) => setEmail((m) => ({ ...m, [r.kind]: e.target.checked }))}
            />
            <span>
              {r.label}
              {r.always && <span className="text-slate-500"> ({labels.always})</span>}
            </span>
          </label>
        ))}
      </div>
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
