import Link from "next/link";

export const customerHref = (reference: string) => `/customers/${encodeURIComponent(reference)}`;

/** A consumer reference leading to the customer page (everything of that consumer), or "—". */
export function CustomerLink({
  reference,
  className = "",
}: {
  reference: string | null | undefined;
  className?: string;
}) {
  if (!reference) return <>—</>;
  return (
    <Link
      className={`text-brand-600 underline ${className}`}
      href={customerHref(reference)}
      data-testid="customer-link"
    >
      {reference}
    </Link>
  );
}
