import { z } from "zod";
import type { Settings, SettingsChange } from "@/lib/platform/settings/service";

/** One value a change moves: a setting, or one currency of a per-currency threshold (null: none). */
export const moveSchema = z.object({
  key: z.string(),
  currency: z.string().optional(),
  before: z.unknown(),
  after: z.unknown(),
});
export type Move = z.infer<typeof moveSchema>;
export const movesPayloadSchema = z.object({ moves: z.array(moveSchema).min(1) });

const PER_CURRENCY = new Set<string>(["refundApprovalThresholds", "refundBatchThresholds"]);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The moves of a change against the settings it was asked on; keys it leaves as they are are not moves. */
export function settingsMoves(current: Settings, change: SettingsChange): Move[] {
  return (Object.keys(change) as (keyof Settings)[]).flatMap((key): Move[] => {
    const after = change[key];
    if (after === undefined || same(after, current[key])) return [];
    if (!PER_CURRENCY.has(key)) return [{ key, before: current[key] ?? null, after }];
    const before = current[key as "refundApprovalThresholds"];
    const next = after as Record<string, number>;
    return [...new Set([...Object.keys(before), ...Object.keys(next)])]
      .sort()
      .filter((c) => before[c] !== next[c])
      .map((currency) => ({ key, currency, before: before[currency] ?? null, after: next[currency] ?? null }));
  });
}

const currentValue = (settings: Settings, move: Move): unknown => {
  const value = settings[move.key as keyof Settings];
  return move.currency === undefined ? value : (value as Record<string, number>)[move.currency];
};

/** The moves whose "before" no longer holds, as "what: asked on → now" lines (empty: none moved). */
export function movedSince(current: Settings, moves: Move[], label: (move: Move) => string): string[] {
  return moves
    .filter((m) => !same(currentValue(current, m), m.before))
    .map((m) => `${label(m)}: ${String(m.before ?? "none")} → ${String(currentValue(current, m) ?? "none")}`);
}

/** The settings change that makes exactly these moves on today's settings. */
export function changeOf(current: Settings, moves: Move[]): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  for (const m of moves) {
    if (m.currency === undefined) {
      change[m.key] = m.after;
      continue;
    }
    const map = {
      ...((change[m.key] as Record<string, number>) ?? current[m.key as "refundApprovalThresholds"]),
    };
    if (m.after === null) delete map[m.currency];
    else map[m.currency] = m.after as number;
    change[m.key] = map;
  }
  return change;
}
