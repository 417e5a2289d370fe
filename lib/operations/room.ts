import "server-only";
import { db } from "@/lib/platform/db";
import { Conflict } from "@/lib/platform/errors";
import { formatMoney } from "@/lib/platform/money";
import type { OperationKind } from "@/lib/generated/prisma/client";

/** What is left for the next capture/cancel and the next refund, net of operations in flight. */
export async function operationRoom(chargeId: string, excluding: string | null = null) {
  const [row] = await db.$queryRaw<{ capture: bigint; refund: bigint }[]>`
    SELECT operation_room(${chargeId}, 'capture'::"OperationKind", ${excluding}::uuid) AS capture,
           operation_room(${chargeId}, 'refund'::"OperationKind", ${excluding}::uuid) AS refund`;
  return { capture: Number(row?.capture ?? 0), refund: Number(row?.refund ?? 0) };
}

/** What is left to refund on each operation's charge. */
export async function refundRooms(ops: { id: string; transactionId: string }[]): Promise<Map<string, number>> {
  if (!ops.length) return new Map();
  const rows = await db.$queryRaw<{ id: string; room: bigint }[]>`
    SELECT x.id::text AS id, operation_room(x.charge, 'refund'::"OperationKind", x.id) AS room
      FROM unnest(${ops.map((o) => o.transactionId)}::text[], ${ops.map((o) => o.id)}::uuid[]) AS x(charge, id)`;
  return new Map(rows.map((r) => [r.id, Number(r.room)]));
}

/** The database refused an operation past what is left (operations_check). */
export const isRoomError = (e: unknown) =>
  String((e as Error)?.message ?? "").includes("operation_exceeds_room") ||
  JSON.stringify((e as { meta?: unknown })?.meta ?? null).includes("operation_exceeds_room");

/** The rule broken when an operation does not fit what is left. */
export const ROOM_RULE: Record<OperationKind, string> = {
  capture: "capture_exceeds_remaining",
  refund: "refund_exceeds_remaining",
  cancel: "authorization_not_open",
};

function roomMessage(kind: OperationKind, room: number, currency: string) {
  if (kind === "cancel")
    return "This authorization cannot be canceled now: it is not open, something was captured, or a capture or cancel is already in progress. Refresh the page to see its state.";
  const verb = kind === "capture" ? "capture" : "refund";
  if (room === 0)
    return `Nothing is left to ${verb} on this charge (operations in progress or awaiting approval count too). Refresh the page to see its state.`;
  return `Only ${formatMoney(room, currency)} is left to ${verb} on this charge (operations in progress or awaiting approval count too). Refresh the page and try a smaller amount.`;
}

/** The refusal of an operation that does not fit `room`; `then` is said after it. */
export function exceedsRoom(kind: OperationKind, room: number, currency: string, then?: string) {
  const message = roomMessage(kind, room, currency);
  const left = kind === "cancel" ? undefined : { room, currency };
  return new Conflict(then ? `${message} ${then}` : message, ROOM_RULE[kind], left);
}

export const captureFirst = (charge: { status: string; amountCaptured: bigint | null }) =>
  charge.status === "authorized" && !charge.amountCaptured
    ? new Conflict(
        "Nothing is captured on this charge yet: it is only authorized. Capture it first, then refund it (or cancel the authorization).",
        "refund_before_capture",
      )
    : null;
