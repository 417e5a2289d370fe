"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";

/** The recovery codes, shown once at enrolment: copied or saved as a file before they are gone. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useTranslations("account");
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const text = `${t("codes.fileTitle")}\n\n${codes.join("\n")}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      // No clipboard (an insecure origin, a refused permission): the codes stay on screen to select.
      setCopied("failed");
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "merchant-console-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-2">
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={copy}>
          {t("codes.copy")}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t("codes.download")}
        </Button>
        <span role="status" className="text-sm text-slate-600" data-testid="recovery-copied">
          {copied === "yes" && t("codes.copied")}
          {copied === "failed" && t("codes.copyFailed")}
        </span>
      </div>
    </div>
  );
}
