import Link from "next/link";
import type { ReactNode } from "react";

/**
 * A page's title and, under it, the line that says what the page is for; a page that is one row
 * of a list has the way back to it above the title.
 */
export function PageHeader({
  title,
  back,
  line,
  after,
  children,
}: {
  title: ReactNode;
  back?: { href: string; label: ReactNode };
  /** The line's classes (a token in mono, say) and test id. */
  line?: { className?: string; testId?: string };
  /** What stands under the line, inside the header (a warning about this record, say). */
  after?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div>
      {back && (
        <Link href={back.href} className="text-sm text-brand-600 hover:underline">
          {back.label}
        </Link>
      )}
      <h1 className={`${back ? "mt-1 " : ""}flex flex-wrap items-center gap-x-3 gap-y-1 text-2xl font-semibold`}>
        {title}
      </h1>
      {children !== undefined && (
        <p className={`mt-1 ${line?.className ?? "text-slate-600"}`} data-testid={line?.testId}>
          {children}
        </p>
      )}
      {after}
    </div>
  );
}
