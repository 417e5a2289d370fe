// Writes app/palette.css: the palette the console's classes use, in both themes. Each colour
// is light-dark(light, dark), the dark one the light scale mirrored (50 <-> 950, 100 <-> 900 …,
// 500 as 400),
// so every class keeps its meaning on a dark page without a dark: variant beside it: a tinted
// badge stays a tint, the cards' white is slate-900 over the slate-950 page, text-slate-900
// reads as slate-100. Re-run after changing the brand scale or Tailwind: npx tsx scripts/palette.ts
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const theme = readFileSync(require.resolve("tailwindcss/theme.css"), "utf8");
const tailwind = new Map([...theme.matchAll(/--color-([a-z]+-\d+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!]));

const SHADES = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"] as const;
const FAMILIES = [
  "slate",
  "red",
  "emerald",
  "green",
  "amber",
  "yellow",
  "orange",
  "sky",
  "blue",
  "indigo",
  "violet",
  "teal",
  "rose",
];
export const BRAND: Record<(typeof SHADES)[number], string> = {
  50: "#eef6ff",
  100: "#d9eaff",
  200: "#bcd9ff",
  300: "#8ec0ff",
  400: "#5b9bf8",
  500: "#2f6fed",
  600: "#1f58c9",
  700: "#1a47a0",
  800: "#17377d",
  900: "#12295a",
  950: "#0b1a3a",
};
// 500, the middle, has no mirror: on a dark surface it is too dim for text (slate-500 on
// slate-900 is 3.7:1, under WCAG's 4.5:1), so it reads as 400 there.
const mirror = (shade: (typeof SHADES)[number]) =>
  shade === "500" ? "400" : SHADES[SHADES.length - 1 - SHADES.indexOf(shade)]!;
// slate-100 mirrored is slate-900, the dark cards' own colour: its chips and badges vanished on
// a card. On a dark page it sits between slate-900 and slate-800.
const DARK: Record<string, string> = { "slate-100": "oklch(24.4% 0.042 263)" };
const of = (family: string, shade: string) => {
  const value = family === "brand" ? BRAND[shade as keyof typeof BRAND] : tailwind.get(`${family}-${shade}`);
  if (!value) throw new Error(`no colour ${family}-${shade}`);
  return value;
};

const lines = [
  "/* Written by scripts/palette.ts (npx tsx scripts/palette.ts): do not edit by hand. */",
  "@theme {",
  `  --color-white: light-dark(#fff, ${of("slate", "900")});`,
];
for (const family of [...FAMILIES, "brand"])
  for (const shade of SHADES)
    lines.push(
      `  --color-${family}-${shade}: light-dark(${of(family, shade)}, ${DARK[`${family}-${shade}`] ?? of(family, mirror(shade))});`,
    );
lines.push("}", "");
export const PALETTE_CSS = lines.join("\n");

if (process.argv[1]?.endsWith("palette.ts")) writeFileSync(new URL("../app/palette.css", import.meta.url), PALETTE_CSS);
