import { type Finder, finderOf } from "./use-return-focus";

const FOCUSABLE = "a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea, [tabindex]";

/**
 * Where focus goes when the row holding `el` leaves its list (approved, rejected, resolved):
 * the next row's first control, else the previous row's, else the list's own box. Read before
 * the list reads again, while the row is still there.
 */
export function rowLeaving(el: Element | null): Finder {
  const row = el?.closest("tr");
  // A panel opened under a row (the kit's expanded row has no test id) leaves with that row.
  const leaving = new Set<Element | null>([row ?? null]);
  if (row && !row.hasAttribute("data-testid")) leaving.add(row.previousElementSibling);
  const box = row?.closest("table")?.closest<HTMLElement>("[tabindex]") ?? null;
  const first = (r: Element | null) => (r && !leaving.has(r) ? r.querySelector<HTMLElement>(FOCUSABLE) : null);
  let neighbour: HTMLElement | null = null;
  for (let r = row?.nextElementSibling ?? null; r && !neighbour; r = r.nextElementSibling) neighbour = first(r);
  for (let r = row?.previousElementSibling ?? null; r && !neighbour; r = r.previousElementSibling) neighbour = first(r);
  const next = neighbour ? finderOf(neighbour) : () => null;
  return () => next() ?? (box?.isConnected ? box : null);
}
