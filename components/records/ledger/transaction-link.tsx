import Link from "next/link";

/** A transaction's id in mono, linked to its page. */
export function TransactionLink({ id, className = "text-xs" }: { id: string; className?: string }) {
  return (
    <Link
      className={`whitespace-nowrap font-mono text-brand-600 hover:underline ${className}`}
      href={`/transactions/${encodeURIComponent(id)}`}
    >
      {id}
    </Link>
  );
}
