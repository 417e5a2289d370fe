import type { Config } from "tailwindcss";

// The colours, the brand's included, are in app/palette.css (scripts/palette.ts): each one in
// both themes, as CSS variables the classes read.
export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
} satisfies Config;
