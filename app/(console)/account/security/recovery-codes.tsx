"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/** The recovery codes, shown once at enrolment: copied or saved as a file before they are gone. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const text = `Merchant Console recovery codes (each works once instead of a code from your phone)\n\n${codes.join("\n")}\n`;

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
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          Download (.txt)
        </Button>
        <span role="status" className="text-sm text-slate-600" data-testid="recovery-copied">
          {copied === "yes" && "Copied."}
          {copied === "failed" && "Could not copy here: select the codes, or download them."}
        </span>
      </div>
    </div>
  );
}
