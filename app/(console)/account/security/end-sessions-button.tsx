"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { Button } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";

export function EndSessionsButton() {
  const t = useTranslations("account");
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
      {t("security.endOthers")}
    </Button>
  );
}
