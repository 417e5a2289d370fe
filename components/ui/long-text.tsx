"use client";

import { useState } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";

/** Past this, a note shows its first lines and a button for the rest (a 4,000-character note buried the page). */
const LONG_CHARS = 600;
const LONG_LINES = 8;

/** Plain text a person wrote (React escapes it), its line breaks kept; a long one collapsed until asked for. */
export function LongText({ text, className = "" }: { text: string; className?: string }) {
  const t = useTranslations("common.longText");
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_CHARS || text.split("\n").length > LONG_LINES;
  return (
    <div>
      <p className={`whitespace-pre-wrap break-words ${long && !open ? "line-clamp-6" : ""} ${className}`}>{text}</p>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="mt-1 text-xs font-medium text-brand-700 underline"
        >
          {open ? t("showLess") : t("showAll", { count: text.length })}
        </button>
      )}
    </div>
  );
}
