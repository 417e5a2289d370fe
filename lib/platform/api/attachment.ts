import "server-only";
import { noStore } from "@/lib/platform/api/responses";

import { ATTACHMENT_CSP } from "@/lib/platform/http/security-headers.mjs";

// A stored file goes back only as a download, never rendered or sniffed (next.config.mjs sends the same policy).

export function attachment(bytes: Uint8Array, name: string, contentType: string): Response {
  return noStore(Buffer.from(bytes), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": attachmentHeader(name),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": ATTACHMENT_CSP,
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

/** Content-Disposition for a download: always an attachment, with an ASCII fallback and the UTF-8 name. */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
