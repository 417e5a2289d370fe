// What the charts draw with, from the palette's variables (app/palette.css), so a chart is
// legible in both themes: recharts puts these into SVG attributes and inline styles.
export const TOOLTIP = {
  background: "var(--color-white)",
  borderColor: "var(--color-slate-200)",
  color: "var(--color-slate-900)",
} as const;
