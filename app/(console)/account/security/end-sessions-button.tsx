"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { Button } from "@/components/ui/button";

export function EndSessionsButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await apiFetch("/api/me/sessions", { method: "DELETE" }).finally(() => setBusy(false));
        router.refresh();
      }}
    >
      Sign out other sessions
    </Button>
  );
}
