"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, type FormEvent } from "react";

/**
 * The header's search: "/" focuses it from anywhere that is not a text field. What is typed is
 * read from the field when it is sent, and before the page's scripts run the form itself goes to
 * /search: text typed into the server's HTML (a slow phone, a page just navigated to) is not lost
 * to the state React starts with.
 */
export function SearchBox({ label, placeholder }: { label: string; placeholder: string }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing =
        target &&
        (target.tagName === "INPUT" ||
          target.tagName === "TEXTAREA" ||
          target.tagName === "SELECT" ||
          target.isContentEditable);
      if (e.key === "/" && !typing && !e.metaKey && !e.ctrlKey && !e.altKey) {
        e.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // A blank search is sent too: the page says so rather than keep the last results under an empty box.
    router.push(`/search?q=${encodeURIComponent(input.current?.value.trim() ?? "")}`);
  };
  return (
    <search>
      <form action="/search" method="get" onSubmit={onSubmit}>
        <input
          ref={input}
          name="q"
          aria-label={label}
          placeholder={placeholder}
          className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-1.5 text-sm focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/30 md:w-56 xl:w-80"
        />
      </form>
    </search>
  );
}
