"use client";

import { useState } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";

/** Copies a value; says "Copied" (to screen readers too) for a moment, or that it could not. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslations("common");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2000);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={label}
        className="shrink-0 rounded border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
      >
        {state === "copied" ? t("actions.copied") : t("actions.copy")}
      </button>
      <span role="status" className="sr-only">
        {state === "copied" ? t("actions.copied") : state === "failed" ? t("actions.copyFailed") : ""}
      </span>
    </>
  );
}
