"use client";

import dynamic from "next/dynamic";

// qrcode.react loads when a QR code is first shown (an expanded payment link, a QR charge), not
// with every page that may show one: it kept /payment-links over the 180 KiB first-load goal
// (docs/benchmarks.md, bench:bundle). The space it takes is held while it loads.
export const QrCode = dynamic(() => import("qrcode.react").then((m) => m.QRCodeSVG), {
  ssr: false,
  loading: () => (
    <span className="inline-block size-36 animate-pulse rounded bg-slate-100" aria-hidden="true" aria-busy="true" />
  ),
});
