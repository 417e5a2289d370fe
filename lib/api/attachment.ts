import "server-only";
import { noStore } from "@/lib/api/responses";
import { attachmentHeader } from "@/lib/chargebacks/evidence";

// A stored file goes back only as a download: never rendered from the console's origin,
// never sniffed into HTML, and with a policy that would run nothing if it were opened.
export const ATTACHMENT_CSP = "default-src 'none'; sandbox";

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
