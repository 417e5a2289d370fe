// Who paid, as far as the console knows.

export type CustomerSent = { email?: string | null; firstName?: string | null; lastName?: string | null };
export type Customer = { customerEmail: string | null; customerName: string | null; cardholderName: string | null };

type Named = { first_name?: unknown; last_name?: unknown; email?: unknown } | null | undefined;

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 200) : null);
const fullName = (first: unknown, last: unknown) => [text(first), text(last)].filter(Boolean).join(" ") || null;

export function customerOf(
  payload: { consumer?: Named; payment?: { data?: Named } | null },
  sent: { consumer?: CustomerSent; card?: CustomerSent } = {},
): Customer {
  const consumer = payload.consumer ?? null;
  const card = payload.payment?.data ?? null;
  return {
    customerEmail: text(sent.consumer?.email) ?? text(consumer?.email),
    customerName:
      fullName(sent.consumer?.firstName, sent.consumer?.lastName) ??
      fullName(consumer?.first_name, consumer?.last_name),
    cardholderName: fullName(sent.card?.firstName, sent.card?.lastName) ?? fullName(card?.first_name, card?.last_name),
  };
}

export type ClientLink = { client: string; format: string; content: string };

/** The consumer's links of a redirect/QR charge, from the stored answer's payment.client[]. */
export function clientLinksOf(payload: unknown): ClientLink[] {
  const client = (payload as { payment?: { client?: unknown } } | null)?.payment?.client;
  if (!Array.isArray(client)) return [];
  return client.flatMap((c) => {
    const { client: who, format, content } = (c ?? {}) as Record<string, unknown>;
    if (typeof content !== "string" || !content) return [];
    return [
      {
        client: typeof who === "string" ? who : "link",
        format: typeof format === "string" ? format : "redirect",
        content,
      },
    ];
  });
}
