// Request bodies are counted while read: refused once past the limit, never read whole (docs/api.md).

export const BODY_LIMITS = {
  webhook: 64 * 1024,
  json: 1024 * 1024,
  bulkCsv: 2 * 1024 * 1024,
  evidence: 10 * 1024 * 1024,
} as const;

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${formatBytes(limit)}.`);
    this.name = "BodyTooLarge";
  }
}

export const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${n / (1024 * 1024)} MB` : `${n / 1024} KB`);

/** Reads a web stream body as UTF-8 text, throwing BodyTooLarge once past `limit` bytes. */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  declaredLength?: string | null,
): Promise<string> {
  return (await readCappedBytes(body, limit, declaredLength)).toString("utf8");
}

/** The same, as bytes (a file upload). */
export async function readCappedBytes(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  declaredLength?: string | null,
): Promise<Buffer> {
  if (declaredLength && /^\d+$/.test(declaredLength) && Number(declaredLength) > limit) throw new BodyTooLarge(limit);
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
