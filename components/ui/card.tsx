import type { ComponentPropsWithoutRef, ElementType, ReactNode } from "react";

// The console's panel: a white box with a rounded border, around a form, a table, facts or a
// figure. A section by default (most panels have a title); `as` keeps a list or facts their
// own element.

const PADDING = { 0: "", 4: "p-4", 5: "p-5", 6: "p-6" } as const;

type CardElement = "section" | "div" | "details" | "dl" | "ul" | "p" | "form";

const join = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(" ");

export function Card<T extends CardElement = "section">({
  as,
  padding = 4,
  className,
  ...props
}: { as?: T; padding?: keyof typeof PADDING } & ComponentPropsWithoutRef<T>) {
  const Element = (as ?? "section") as ElementType;
  return (
    <Element className={join("rounded-xl border border-slate-200 bg-white", PADDING[padding], className)} {...props} />
  );
}

export function CardTitle({ className, ...props }: ComponentPropsWithoutRef<"h2">) {
  return <h2 className={join("font-semibold", className)} {...props} />;
}

/** The sentence under a title that says what the panel is for. */
export function CardIntro({ className, ...props }: ComponentPropsWithoutRef<"p">) {
  return <p className={join("text-sm text-slate-600", className)} {...props} />;
}

/** A figure with its label (the tiles above a detail or a list); `children` go under the figure. */
export function StatCard({
  label,
  value,
  valueTestId,
  className,
  children,
}: {
  label: ReactNode;
  value: ReactNode;
  valueTestId?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Card as="div" className={className}>
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
      <div className="mt-1 text-lg font-semibold tabular-nums" data-testid={valueTestId}>
        {value}
      </div>
      {children}
    </Card>
  );
}
