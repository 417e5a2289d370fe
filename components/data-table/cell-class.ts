import type { Column } from "@tanstack/react-table";
import type { ColumnMeta } from "./types";

// Sticky cells need an opaque background of their own, or the scrolled cells show through; the
// line between pinned and scrolling cells is drawn on the pinned side's inner edge only.
const EDGE = {
  left: "shadow-[1px_0_0_0_rgb(226_232_240)]",
  right: "shadow-[-1px_0_0_0_rgb(226_232_240)]",
};

/** An id in a list's identifying column: whole on every screen (a phone shows rows as cards, with room for it). */
export const ID_TEXT = "whitespace-nowrap";

/** A header or body cell's classes from its column's meta; `edge`: the pinned column next to the scrolling ones. */
export function cellClass(meta: ColumnMeta<unknown, unknown> | undefined, part: "head" | "body", edge = true): string {
  // Narrower padding on a phone: the identifying column, amount and status fit 390 px whole.
  const classes = ["px-2 py-2 sm:px-3"];
  if (meta?.align === "right") classes.push("text-right");
  if (part === "head")
    classes.push("sticky top-0 whitespace-nowrap bg-slate-50 font-medium", meta?.pin ? "z-30" : "z-20");
  else
    classes.push(
      meta?.pin ? "z-10 bg-white group-hover:bg-slate-50" : "group-hover:bg-slate-50",
      "group-data-[selected]:bg-sky-50",
    );
  if (meta?.pin) classes.push("sticky", edge ? EDGE[meta.pin] : "");
  return classes.filter(Boolean).join(" ");
}

export const pinnedClass = <T>(column: Column<T>, part: "head" | "body") => {
  const pin = column.getIsPinned();
  const edge = pin === "left" ? column.getIsLastColumn("left") : pin === "right" && column.getIsFirstColumn("right");
  return cellClass(column.columnDef.meta, part, edge);
};

/** A pinned cell's offset: the widths of the pinned columns before it (TanStack's sizing state). */
export const pinnedAt = <T>(column: Column<T>) => {
  const pin = column.getIsPinned();
  if (pin === "left") return { left: column.getStart("left") };
  if (pin === "right") return { right: column.getAfter("right") };
  return undefined;
};
