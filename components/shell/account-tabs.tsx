"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** The account pages' tabs; the open one is marked for assistive technology too. */
export function AccountTabs({ label, items }: { label: string; items: { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="flex gap-1 border-b border-slate-200 text-sm">
      {items.map((item) => {
        const active = pathname.startsWith(item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 font-medium ${active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
