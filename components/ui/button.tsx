import type { ComponentProps } from "react";
import { useHydrated } from "./use-hydrated";

const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/50",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  danger: "border border-red-300 bg-white text-red-700 hover:bg-red-50 disabled:text-red-300",
  ghost: "text-slate-700 hover:bg-slate-100",
  // The confirming button of a destructive action, where it is the one thing asked.
  destructive: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50",
} as const;

// The focus outline sits outside the button, on the page, in near-black blue: it stands out
// on a white or grey page whatever the button's own colour (a brand-blue outline beside a
// brand-blue button could not be told apart).
export const buttonClass = (variant: keyof typeof VARIANTS = "primary", extra = "") =>
  `inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-medium shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900 disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;

/**
 * A button with a click handler is disabled until React owns the page: a click on the server's
 * HTML would do nothing and look heard. A submit button without one posts its form natively and
 * stays enabled (the sign-in form works with scripts off).
 */
export function Button({
  variant = "primary",
  className = "",
  disabled,
  ...props
}: ComponentProps<"button"> & { variant?: keyof typeof VARIANTS }) {
  const hydrated = useHydrated();
  const waits = !hydrated && props.onClick !== undefined;
  return <button {...props} disabled={disabled || waits} className={buttonClass(variant, className)} />;
}
