/** The console's mark (public/icon.svg): a drawing, not a letter, so no text in any language. */
export function BrandMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#1f58c9" />
      <path d="M16 46V18h6l10 14 10-14h6v28h-7V30l-9 12-9-12v16z" fill="#fff" />
    </svg>
  );
}
