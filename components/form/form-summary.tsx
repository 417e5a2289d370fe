"use client";

import { type FieldErrors, useFormContext } from "react-hook-form";
import { useTranslations } from "@/lib/platform/i18n/client";
import { translateMessage } from "@/lib/platform/keyed";
import { fieldId } from "./field";

// Every problem of the form at once, above the button that sends it, each a link to its field:
// the fields show the same words under their inputs.

export type Problem = { name: string; message: string };

/** The form's problems in field order, flattened ("subOrders.1.orderFee"); `root` ones last. */
export function problemsOf(errors: FieldErrors, prefix = ""): Problem[] {
  const out: Problem[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object") continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const node = value as Record<string, unknown>;
    // A field array's own problem (no line yet, too many) is kept by react-hook-form at `<array>.root`.
    const own =
      typeof node.message === "string" && node.message ? node.message : (node.root as Problem | undefined)?.message;
    if (typeof own === "string" && own) out.push({ name, message: own });
    for (const [child, nested] of Object.entries(node)) {
      if (["message", "type", "ref", "types", "root"].includes(child) || !nested || typeof nested !== "object")
        continue;
      out.push(...problemsOf({ [child]: nested } as FieldErrors, name));
    }
  }
  return out;
}

export function FormSummary({ extra = [] }: { extra?: string[] }) {
  const {
    formState: { errors, submitCount },
  } = useFormContext();
  const t = useTranslations();
  // In the order the fields stand on the page (the schema's order can differ).
  const onPage = typeof document === "undefined" ? [] : [...document.querySelectorAll("[data-field]")];
  const place = (name: string) => {
    const at = onPage.findIndex((e) => e.getAttribute("data-field") === name);
    return at < 0 ? onPage.length : at;
  };
  const problems = problemsOf(errors).sort((a, b) => place(a.name) - place(b.name));
  const all = [
    ...problems.map((p) => ({ ...p, href: p.name.startsWith("root") ? null : `#${fieldId(p.name)}` })),
    ...extra.map((message) => ({ name: message, message, href: null })),
  ].map((p) => ({ ...p, message: translateMessage(t, p.message) }));
  if (all.length === 0 || (submitCount === 0 && extra.length === 0)) return null;
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900"
      data-testid="form-problems"
    >
      <p className="font-medium">{t("validation.form.problems", { count: all.length })}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {all.map((p) => (
          <li key={`${p.name}:${p.message}`}>
            {p.href ? (
              <a href={p.href} className="underline">
                {p.message}
              </a>
            ) : (
              p.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
