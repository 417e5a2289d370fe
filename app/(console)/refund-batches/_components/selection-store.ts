// The rows selected on the transactions list travel to the new batch page in this tab's session
// storage: a URL of 200 transaction ids would pass what proxies accept.
const KEY = "refund-batch-selection";

export function keepSelection(ids: string[]) {
  sessionStorage.setItem(KEY, JSON.stringify(ids));
}

export function takeSelection(): string[] {
  try {
    const ids = JSON.parse(sessionStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}
