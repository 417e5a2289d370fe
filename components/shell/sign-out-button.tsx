"use client";

import { useHydrated } from "@/components/ui/use-hydrated";
import { signOut } from "@/lib/platform/auth/client";

export function SignOutButton({ label }: { label: string }) {
  const ready = useHydrated();
  return (
    <button
      type="button"
      disabled={!ready}
      onClick={async () => {
        await signOut().catch(() => undefined);
        window.location.assign("/login");
      }}
      className="whitespace-nowrap rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
    >
      {label}
    </button>
  );
}
