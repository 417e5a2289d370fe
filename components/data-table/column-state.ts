import type { ColumnPinningState, RowSelectionState, VisibilityState } from "@tanstack/react-table";
import { isSecondary } from "./types";

// The kit's table state worked out from its columns and rows, apart from React (unit-tested).

type Described = { id: string; meta?: { pin?: "left" | "right"; keep?: boolean; priority?: number } };

/** TanStack's pinning state from the columns' `meta.pin`, in the columns' order. */
export function pinningOf(columns: readonly Described[]): ColumnPinningState {
  const side = (pin: "left" | "right") => columns.filter((c) => c.meta?.pin === pin).map((c) => c.id);
  return { left: side("left"), right: side("right") };
}

/** The order in which secondary columns give way to fit: lowest priority first, among equals the right-most. */
export function dropOrder(columns: readonly Described[]): string[] {
  return columns
    .map((c, index) => ({ c, index }))
    .filter(({ c }) => isSecondary(c))
    .sort((a, b) => (a.c.meta?.priority ?? 1) - (b.c.meta?.priority ?? 1) || b.index - a.index)
    .map(({ c }) => c.id);
}

/** What TanStack shows: the person's choice, less the columns dropped to fit. */
export function shownColumns(chosen: VisibilityState, dropped: ReadonlySet<string>): VisibilityState {
  if (dropped.size === 0) return chosen;
  return { ...chosen, ...Object.fromEntries([...dropped].map((id) => [id, false])) };
}

/** A remembered choice of columns as stored, or null when it is not one (another version wrote it). */
export function readVisibility(saved: string | null): VisibilityState | null {
  if (!saved) return null;
  try {
    const value: unknown = JSON.parse(saved);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    const entries = Object.entries(value);
    return entries.every(([, on]) => typeof on === "boolean") ? Object.fromEntries(entries) : null;
  } catch {
    return null;
  }
}

/**
 * The selection with only the rows still listed (a selection is of what the person sees: another
 * page or a new filter leaves it). The same object when nothing went, so React skips the update.
 */
export function keepListed(selection: RowSelectionState, listed: ReadonlySet<string>): RowSelectionState {
  const kept = Object.entries(selection).filter(([id, on]) => on && listed.has(id));
  return kept.length === Object.keys(selection).length ? selection : Object.fromEntries(kept);
}

/** The selected row ids, in no particular order. */
export const selectedIds = (selection: RowSelectionState): string[] =>
  Object.entries(selection)
    .filter(([, on]) => on)
    .map(([id]) => id);
