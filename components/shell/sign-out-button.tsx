"use client";

import { signOut } from "@/lib/auth/client";

export function SignOutButton() {
  return (
    <button
      type="button"
      onClick={async () => {
        await signOut().catch(() => undefined);
        window.location.assign("/login");
      }}
      className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      Sign out
    </button>
  );
}
