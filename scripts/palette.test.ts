import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { PALETTE_CSS } from "./palette";

it("app/palette.css is what scripts/palette.ts writes (re-run it after a brand or Tailwind change)", () => {
  expect(readFileSync(new URL("../app/palette.css", import.meta.url), "utf8")).toBe(PALETTE_CSS);
});
