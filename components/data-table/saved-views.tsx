"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIntent } from "@/components/form/use-intent";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import dynamic from "next/dynamic";
import { useEffect, useId, useRef, useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { Button, buttonClass } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { ListId } from "@/lib/platform/pages";

type View = { id: string; name: string; href: string };
// The name dialog (Radix, ~14 KiB gzip) loads when "Save view" is first pressed, not with every list.
const SaveViewDialog = dynamic(() => import("./save-view-dialog").then((m) => m.SaveViewDialog), { ssr: false });
const FOCUS = "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-900";

/**
 * A list's saved views: "Save view" keeps the filters now in the URL under a name, and the
 * menu opens each as `path?query` (a plain link, so it can be copied and shared). Each
 * person sees only their own; the link itself works for anyone who may open the list.
 */
/** `align`: the edge the menu opens from, "right" where the views sit at a bar's right end (it opens inward). */
export function SavedViews({ list, align = "left" }: { list: ListId; align?: "left" | "right" }) {
  const t = useTranslations("common");
  const params = useSearchParams();
  const client = useQueryClient();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [renaming, setRenaming] = useState<View | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const confirm = useConfirm();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // The menu closes on Escape (focus back on its button) and on a click outside it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    const onClick = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [menuOpen]);
  const key = ["views", list];
  const views = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<{ views: View[] }>(`/api/views?list=${encodeURIComponent(list)}`),
  });
  // One intent key per save: a double click sends it twice, the server makes it once.
  const save = useIntent({
    send: (name: string, intent) =>
      apiFetch<{ view: View }>("/api/views", {
        method: "POST",
        json: { list, name, query: params.toString() },
        headers: { "Idempotency-Key": intent },
      }),
    onSuccess: () => {
      setSaving(false);
      client.invalidateQueries({ queryKey: key });
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch<{ view: View }>(`/api/views/${id}`, { method: "PATCH", json: { name } }),
    onSuccess: () => {
      setRenaming(null);
      client.invalidateQueries({ queryKey: key });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/views/${id}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const copy = async (view: View) => {
    await navigator.clipboard?.writeText(new URL(view.href, window.location.origin).toString());
    setCopied(view.id);
  };
  const items = views.data?.views ?? [];
  return (
    <div ref={root} className="relative flex items-center gap-2" data-testid="saved-views">
      <button
        ref={toggle}
        type="button"
        className={buttonClass("secondary")}
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={() => setMenuOpen((open) => !open)}
      >
        {items.length ? t("views.savedCount", { count: items.length }) : t("views.saved")}
      </button>
      <Button type="button" variant="secondary" onClick={() => setSaving(true)}>
        {t("views.save")}
      </Button>
      {menuOpen && (
        <div
          id={menuId}
          className={`absolute top-full ${align === "right" ? "right-0" : "left-0"} z-40 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg`}
        >
          {views.isError ? (
            <p className="p-2 text-sm text-red-700">{views.error.message}</p>
          ) : items.length === 0 ? (
            <p className="p-2 text-sm text-slate-600">
              {t.rich("views.empty", { strong: (chunks) => <strong>{chunks}</strong> })}
            </p>
          ) : (
            <ul aria-label={t("views.saved")} className="divide-y divide-slate-100">
              {items.map((v) => (
                <li key={v.id} className="flex items-center gap-2 py-1">
                  <Link
                    href={v.href}
                    onClick={() => setMenuOpen(false)}
                    className={`min-w-0 flex-1 truncate rounded px-2 py-1 text-sm text-brand-600 hover:bg-slate-50 hover:underline ${FOCUS}`}
                  >
                    {v.name}
                  </Link>
                  <button
                    type="button"
                    className={`rounded px-1.5 py-1 text-xs text-slate-600 hover:bg-slate-100 ${FOCUS}`}
                    aria-label={t("views.copyLinkOf", { name: v.name })}
                    onClick={() => copy(v)}
                  >
                    {copied === v.id ? t("actions.copied") : t("views.copyLink")}
                  </button>
                  <button
                    type="button"
                    className={`rounded px-1.5 py-1 text-xs text-slate-600 hover:bg-slate-100 ${FOCUS}`}
                    aria-label={t("views.renameNamed", { name: v.name })}
                    onClick={() => {
                      setMenuOpen(false);
                      setRenaming(v);
                    }}
                  >
                    {t("views.rename")}
                  </button>
                  <button
                    type="button"
                    className={`rounded px-1.5 py-1 text-xs text-red-700 hover:bg-red-50 ${FOCUS}`}
                    aria-label={t("views.deleteNamed", { name: v.name })}
                    onClick={() =>
                      confirm.ask({
                        title: t("views.deleteTitle", { name: v.name }),
                        description: t("views.deleteBody"),
                        confirmLabel: t("views.deleteConfirm"),
                        onConfirm: () => remove.mutate(v.id),
                      })
                    }
                  >
                    {t("actions.delete")}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {saving && (
        <SaveViewDialog
          onClose={() => setSaving(false)}
          send={(name) => save.mutateAsync(name)}
          errorId={`${menuId}-error`}
        />
      )}
      {renaming && (
        <SaveViewDialog
          renaming={renaming.name}
          onClose={() => setRenaming(null)}
          send={(name) => rename.mutateAsync({ id: renaming.id, name })}
          errorId={`${menuId}-error`}
        />
      )}
      {confirm.dialog}
    </div>
  );
}
