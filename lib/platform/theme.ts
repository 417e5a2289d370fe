import { z } from "zod";

// The person's theme (the header's switch): light, dark, or — not chosen — the system's. The
// page's <html data-theme> carries it; app/globals.css turns it into the color-scheme the
// palette (app/palette.css) reads. Client-safe.

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** PUT /api/account/theme's body; "system" is stored as null. */
export const themeSchema = z.strictObject({ theme: z.enum(THEMES, "shell.theme.invalid") });

/** The switch's next choice: system → light → dark → system. */
export const nextTheme = (theme: Theme): Theme => THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;
