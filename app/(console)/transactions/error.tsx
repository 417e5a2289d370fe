"use client";

export default function TransactionsError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800"
      data-testid="transactions-error"
    >
      <h2 className="font-semibold">The transactions could not be loaded</h2>
      <p className="mt-1 text-sm">
        This is not an empty result: the console could not read the ledger. Try again; if it persists, tell an admin.
      </p>
      <button
        type="button"
        onClick={reset}
        className="mt-3 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm"
      >
        Try again
      </button>
    </div>
  );
}
