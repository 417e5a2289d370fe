// The person's theme (light, dark, or the system's); no zod here: it is on every page (~30 KiB, theme-schema.ts).

export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** The switch's next choice: system → light → dark → system. */
export const nextTheme = (theme: Theme): Theme => THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;
