// An audit row's reason in the reader's words.

export type ReasonText = { key: string; values?: Record<string, string | number> };

const APPROVED_CHANGE = /^approved pending change (\S+) asked by (\S+)$/;
const REMOVED = /^(\d+) notifications removed$/;
const MISSING_PERMISSION = /^missing permission (\S+)$/;
const BEFORE_RESUBMIT = /^before resubmitting (\S+): (\w+)$/;
const RESUBMITTED = /^(?:again: (\S+)|(\S+) → (\S+))(?: \(corrected: (.+)\))?$/;

const slug = (reason: string) =>
  reason
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join("_");

export function reasonTextOf(reason: string | null): ReasonText | null {
  if (!reason) return null;
  const approved = APPROVED_CHANGE.exec(reason);
  if (approved) return { key: "reasonsText.approvedChange", values: { id: approved[1]!, requester: approved[2]! } };
  const removed = REMOVED.exec(reason);
  if (removed) return { key: "reasonsText.retention", values: { count: Number(removed[1]) } };
  const missing = MISSING_PERMISSION.exec(reason);
  if (missing) return { key: "reasonsText.missingPermission", values: { permission: missing[1]! } };
  const before = BEFORE_RESUBMIT.exec(reason);
  if (before) return { key: "reasonsText.beforeResubmit", values: { subOrder: before[1]!, state: before[2]! } };
  const again = RESUBMITTED.exec(reason);
  if (again) {
    const corrected: Record<string, string> = again[4] ? { corrected: again[4] } : {};
    const suffix = again[4] ? "Corrected" : "";
    return again[1]
      ? { key: `reasonsText.resubmitted${suffix}`, values: { subOrder: again[1], ...corrected } }
      : { key: `reasonsText.resubmittedAs${suffix}`, values: { from: again[2]!, to: again[3]!, ...corrected } };
  }
  return { key: `reasons.${slug(reason)}` };
}

/** The reason as the reader reads it: a catalog sentence when the console wrote it, else as written; a permission by its label. */
export function reasonLine(
  t: { has: (key: never) => boolean; (key: never, values?: never): string },
  reason: string | null,
  permissionLabel: (permission: string) => string = (p) => p,
): string | null {
  const text = reasonTextOf(reason);
  if (!text || !t.has(text.key as never)) return reason;
  const values = text.values?.permission
    ? { ...text.values, permission: permissionLabel(String(text.values.permission)) }
    : text.values;
  return t(text.key as never, values as never);
}

/** An action as the reader reads it: its label; a route's refusal stored as "GET /api/…" is an API call. */
export function actionLine(t: { has: (key: never) => boolean; (key: never, values?: never): string }, action: string) {
  const key = `actions.${action.replaceAll(".", "_")}`;
  if (t.has(key as never)) return t(key as never);
  return /^[A-Z]+ \/\S*$/.test(action) ? t("apiCall" as never, { action } as never) : action;
}
