// The person's theme (the header's switch): light, dark, or — not chosen — the system's. The
// page's <html data-theme> carries it; app/globals.css turns it into the color-scheme the
// palette (app/palette.css) reads. Client-safe and without zod: the switch is on every page,
// and zod in the shell's bundle cost every page ~30 KiB (the first-load budget caught it);
// the route's schema is in ./theme-schema.ts.

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** The switch's next choice: system → light → dark → system. */
export const nextTheme = (theme: Theme): Theme => THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;
