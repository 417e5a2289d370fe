"use client";

import { QrCode } from "@/components/ui/qr-code";
import { CopyButton } from "@/components/ui/copy-button";
import { useTranslations } from "@/lib/platform/i18n/client";

export type ClientLink = { client: string; format: string; method?: string; content: string };

/** The links a redirect-style payment returns: QR codes to scan, redirects to open; each can be copied. */
export function PaymentLinks({ links }: { links: ClientLink[] }) {
  const t = useTranslations("paymentLinks.client");
  const name = (link: ClientLink) =>
    t(link.format === "qr" ? "qrName" : "linkName", { client: link.client.replace("_", " ") });
  return (
    <div className="mt-3 space-y-3" data-testid="payment-links">
      {links.map((link) => (
        <div key={`${link.client}-${link.format}`} className="rounded-lg bg-white p-3">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-600">
            {link.client.replace("_", " ")} · {link.format}
          </div>
          {link.format === "qr" && (
            <QrCode value={link.content} size={148} className="mt-2" role="img" aria-label={name(link)} />
          )}
          <div className="mt-2 flex items-center gap-2">
            <input
              readOnly
              value={link.content}
              className="min-w-0 flex-1 rounded border border-slate-200 px-2 py-1 font-mono text-xs"
              aria-label={name(link)}
            />
            <CopyButton value={link.content} label={t("copy", { name: name(link) })} />
          </div>
        </div>
      ))}
    </div>
  );
}
