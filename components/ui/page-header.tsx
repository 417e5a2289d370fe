import type { ReactNode } from "react";

/** A page's title and, under it, the line that says what the page is for. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children !== undefined && <p className="mt-1 text-slate-600">{children}</p>}
    </div>
  );
}
