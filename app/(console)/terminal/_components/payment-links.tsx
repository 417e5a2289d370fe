"use client";

import { QRCodeSVG } from "qrcode.react";

export type ClientLink = { client: string; format: string; method?: string; content: string };

/** The links a redirect-style payment returns: QR codes to scan, redirects to open. */
export function PaymentLinks({ links }: { links: ClientLink[] }) {
  return (
    <div className="mt-3 space-y-3" data-testid="payment-links">
      {links.map((link) => (
        <div key={`${link.client}-${link.format}`} className="rounded-lg bg-white p-3">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {link.client.replace("_", " ")} · {link.format}
          </div>
          {link.format === "qr" && (
            <QRCodeSVG value={link.content} size={148} className="mt-2" aria-label={`QR code for ${link.content}`} />
          )}
          <div className="mt-2 flex items-center gap-2">
            <input
              readOnly
              value={link.content}
              className="min-w-0 flex-1 rounded border border-slate-200 px-2 py-1 font-mono text-xs"
              aria-label={`${link.client} link`}
            />
            <button
              type="button"
              onClick={() => void navigator.clipboard?.writeText(link.content)}
              className="rounded border border-slate-300 px-2 py-1 text-xs"
            >
              Copy
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
