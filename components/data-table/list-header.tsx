import type { ReactNode } from "react";

/**
 * A list page's head: title and what the list is, the page's own buttons, and a `toolbar` slot
 * (saved views) that every list offers in the same place.
 */
export function ListHeader({
  title,
  description,
  actions,
  toolbar,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  toolbar?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0 max-w-4xl">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {description && <p className="mt-1 text-slate-600">{description}</p>}
      </div>
      {(actions || toolbar) && (
        <div className="flex flex-wrap items-center gap-2">
          {toolbar}
          {actions}
        </div>
      )}
    </div>
  );
}
