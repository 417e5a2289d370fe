"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";

/** The identity provider's provisioning token: made here under step-up, shown once, the previous one ended. */
export function ScimToken() {
  const t = useTranslations("users");
  const { withStepUp, dialog } = useStepUp();
  const [token, setToken] = useState<string | null>(null);
  const issue = useMutation({
    mutationFn: () => withStepUp(() => apiFetch<{ token: string }>("/api/scim/token", { method: "POST" })),
    onSuccess: (result) => setToken(result.token),
  });
  return (
    <Card padding={5}>
      <CardTitle>{t("scim.title")}</CardTitle>
      <CardIntro>
        {t.rich("scim.intro", {
          base: `${window.location.origin}/scim/v2`,
          code: (chunks) => <code className="break-all">{chunks}</code>,
        })}
      </CardIntro>
      <div className="mt-3 space-y-3">
        {token && (
          <Notice tone="success" testId="scim-token">
            {t("scim.shownOnce")} <code className="break-all">{token}</code>
          </Notice>
        )}
        {issue.error && <Notice tone="error">{issue.error.message}</Notice>}
        <Button type="button" variant="secondary" disabled={issue.isPending} onClick={() => issue.mutate()}>
          {t("scim.issue")}
        </Button>
      </div>
      {dialog}
    </Card>
  );
}
