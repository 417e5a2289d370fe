// The list URL writes on their way (components/data-table/url-updates.tsx holds links until they
// land). A module of its own: every list imports it, the guard comes after the page.

export const pending = new Set<Promise<unknown>>();

/** Marks a URL write as on its way until it lands (useList passes each of its writes here). */
export function trackUrlUpdate<T>(update: Promise<T>): Promise<T> {
  pending.add(update);
  const done = () => pending.delete(update);
  update.then(done, done);
  return update;
}
