import { createHash } from "node:crypto";
import type { Values } from "./verify";

// What the inbox keeps of a notification's body.

export const KEPT_BODY_BYTES = 2048;
const ROW_OVERHEAD_BYTES = 256;
const ESSENTIALS = [
  "id",
  "transaction_type",
  "parent_id",
  "reference",
  "status",
  "amount",
  "currency",
  "time_created",
  "time_completed",
  "fields",
  "sign",
];
const ESSENTIAL_BYTES = 128;

export type StoredBody = {
  rawBody: string;
  fields: string;
  truncated: boolean;
  length: number;
  sha256: string;
  bytes: number;
};

function prefix(text: string, limit: number): string {
  if (Buffer.byteLength(text) <= limit) return text;
  let cut = Buffer.from(text).subarray(0, limit).toString("utf8");
  if (cut.endsWith("\uFFFD")) cut = cut.slice(0, -1); // the cut split a multi-byte character
  while (Buffer.byteLength(cut) > limit) cut = cut.slice(0, -1);
  return cut;
}

function clip(value: string, limit: number): string {
  let cut = prefix(value, limit);
  while (Buffer.byteLength(JSON.stringify(cut)) - 2 > limit) cut = cut.slice(0, -1);
  return cut;
}

function cappedFields(values: Values): { json: string; cut: boolean } {
  const whole = JSON.stringify(values);
  if (Buffer.byteLength(whole) <= KEPT_BODY_BYTES) return { json: whole, cut: false };
  const kept: Values = Object.create(null) as Values;
  for (const k of ESSENTIALS) if (values[k] !== undefined) kept[k] = clip(values[k]!, ESSENTIAL_BYTES);
  let size = Buffer.byteLength(JSON.stringify(kept));
  for (const [k, v] of Object.entries(values)) {
    if (k in kept) continue;
    const entry = Buffer.byteLength(JSON.stringify({ [k]: v })); // `{"k":"v"}`: its comma in place of a brace
    if (size + entry - 1 > KEPT_BODY_BYTES) continue;
    kept[k] = v;
    size += entry - 1;
  }
  return { json: JSON.stringify(kept), cut: true };
}

/** What to store of `body` (parsed into `values`), and the bytes it adds to the inbox. */
export function storedBody(body: string, values: Values, verified: boolean): StoredBody {
  const length = Buffer.byteLength(body);
  const sha256 = createHash("sha256").update(body).digest("hex");
  if (verified) {
    const fields = JSON.stringify(values);
    return {
      rawBody: body,
      fields,
      truncated: false,
      length,
      sha256,
      bytes: length + Buffer.byteLength(fields) + ROW_OVERHEAD_BYTES,
    };
  }
  const rawBody = prefix(body, KEPT_BODY_BYTES);
  const { json, cut } = cappedFields(values);
  return {
    rawBody,
    fields: json,
    truncated: cut || rawBody.length < body.length,
    length,
    sha256,
    bytes: Buffer.byteLength(rawBody) + Buffer.byteLength(json) + ROW_OVERHEAD_BYTES,
  };
}
