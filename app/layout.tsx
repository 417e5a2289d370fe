import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Merchant Console", template: "%s · Merchant Console" },
  description: "Payments, refunds, chargebacks and China Customs declarations for merchant staff.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
