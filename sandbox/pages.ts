import type { Charge } from "./state";
import { digitsOf } from "./rates";
import { PAGE_TEXT, pageLocale } from "./page-text";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a consumer reaches from payment.client[] or a payment link: complete or abandon.
 * The "qr" link is a page that shows a code to scan (the real service's is a wallet QR code);
 * the sandbox shows where the code leads, with the same buttons. In the language the charge's
 * transaction.locale asked for (zh-CN or English). A finished pay-by-link payment links back to
 * the merchant's return URL (`back`), as the real page would redirect.
 */
export function payPage(c: Charge, done: string | null, qr = false, back: string | null = null): string {
  const amount = (c.amount / 10 ** digitsOf(c.currency)).toFixed(digitsOf(c.currency));
  const lang = pageLocale(c.locale);
  const w = PAGE_TEXT[lang];
  const method = w.method(c.method);
  const body = done
    ? `<p class="done">${esc(w.done(done))}</p>${back ? `<p><a href="${esc(back)}" data-return>${esc(w.back)}</a></p>` : ""}`
    : c.status !== "initiated"
      ? `<p class="done">${esc(w.status(c.status))}</p>`
      : `<form method="post" action="/__sandbox/payments/${esc(c.id)}/complete"><button>${esc(w.pay(`${amount} ${c.currency}`))}</button></form>
         <form method="post" action="/__sandbox/payments/${esc(c.id)}/abandon"><button class="secondary">${esc(w.cancel)}</button></form>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${esc(w.title(method))}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px;color:#0f172a}
.card{border:1px solid #e2e8f0;border-radius:12px;padding:24px}button{width:100%;padding:12px;margin-top:12px;border-radius:8px;border:0;background:#1f58c9;color:#fff;font-size:16px;cursor:pointer}
button.secondary{background:#fff;color:#334155;border:1px solid #cbd5e1}.muted{color:#64748b;font-size:14px}.done{font-weight:600}</style></head>
<body><div class="card"><p class="muted">${esc(w.banner(method))}</p>
<h1>${esc(amount)} ${esc(c.currency)}</h1><p class="muted">${esc(w.reference(c.reference))}</p>${qr ? `<p data-qr>${esc(w.scan(c.method ? method : lang === "en" ? "wallet" : "钱包", `/__sandbox/pay/${c.id}`))}</p>` : ""}${body}</div></body></html>`;
}
