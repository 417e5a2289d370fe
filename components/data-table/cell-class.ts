import type { ColumnMeta } from "./types";

// Sticky cells need an opaque background of their own, or the scrolled cells show through.
const PIN = {
  left: "sticky left-0 z-10 shadow-[1px_0_0_0_rgb(226_232_240)]",
  right: "sticky right-0 z-10 shadow-[-1px_0_0_0_rgb(226_232_240)]",
};

/** A header or body cell's classes from its column's meta. */
export function cellClass(meta: ColumnMeta | undefined, part: "head" | "body"): string {
  const classes = ["px-3 py-2"];
  if (meta?.align === "right") classes.push("text-right");
  if (part === "head")
    classes.push("sticky top-0 whitespace-nowrap bg-slate-50 font-medium", meta?.pin ? "z-30" : "z-20");
  else classes.push(meta?.pin ? "bg-white group-hover:bg-slate-50" : "group-hover:bg-slate-50");
  if (meta?.pin) classes.push(PIN[meta.pin]);
  return classes.join(" ");
}
