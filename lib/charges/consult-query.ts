import { redirectStyle } from "./sections";

const CONSULT_METHOD: Record<string, string> = { card: "card", alipay: "alipay+" };

export function consultQuery(v: {
  amount: number | null;
  currency: string;
  method: string;
  country: string;
  clients: string[];
  device: string;
}): string | null {
  const method = CONSULT_METHOD[v.method];
  if (!method || v.amount === null || v.amount <= 0 || !/^[A-Z]{3}$/.test(v.currency)) return null;
  const q = new URLSearchParams({ method, amount: String(v.amount), currency: v.currency });
  const country = v.country.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(country)) q.set("country", country);
  const clients = Array.isArray(v.clients) ? v.clients : [];
  if (clients.length === 1 && redirectStyle(v.method)) q.set("client", clients[0]!);
  if (v.device === "ios" || v.device === "android") q.set("device", v.device);
  return q.toString();
}
