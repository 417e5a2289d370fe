import type { ComponentPropsWithoutRef } from "react";
import { Card } from "./card";

/**
 * A card whose table may be wider than a phone: it slides sideways inside the card, never the
 * page, and the card can be reached and scrolled from the keyboard (WCAG 2.1.1; axe's
 * scrollable-region-focusable), named by `label` for a screen reader (e2e/walk.spec.ts).
 */
export function ScrollCard({
  label,
  className,
  ...props
}: { label: string } & Omit<ComponentPropsWithoutRef<typeof Card>, "as" | "tabIndex" | "aria-label">) {
  return (
    <Card
      tabIndex={0}
      aria-label={label}
      className={["overflow-x-auto", className].filter(Boolean).join(" ")}
      {...props}
    />
  );
}
