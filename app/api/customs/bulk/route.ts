import { z } from "zod";
import { route } from "@/lib/platform/api/route";
import { merchantCustomsOrThrow } from "@/lib/declarations/merchant-customs";
import { bulkDeclare, previewBulk } from "@/lib/declarations/bulk";
import { BODY_LIMITS, readCapped } from "@/lib/platform/http/body";
import { assertStorableFile } from "@/lib/platform/http/storable";

// A CSV body (text/csv). `?dryRun=1`: the preview, every problem of every row, nothing sent.
// Without it: checked again, sent only when the whole file is valid, a result per row. No
// Idempotency-Key needed: each order's key is derived from its rows, so a double click or the
// same file uploaded twice declares nothing twice.
export const POST = route(
  {
    permission: "customs.declare",
    action: "customs.bulk",
    // An unreadable dryRun is refused, never taken as "send".
    query: z.object({ dryRun: z.enum(["1", "true", "0", "false"], "dryRun is 1 (preview) or 0").optional() }),
  },
  async ({ req, query, actor }) => {
    // Counted as it arrives: past BODY_LIMITS.bulkCsv the upload is refused (413) without being read whole.
    const text = assertStorableFile(await readCapped(req.body, BODY_LIMITS.bulkCsv, req.headers.get("content-length")));
    // The same Settings the single form starts from; missing, the answer says which and who sets it.
    const defaults = await merchantCustomsOrThrow();
    return query.dryRun === "1" || query.dryRun === "true"
      ? previewBulk(text, defaults)
      : bulkDeclare(text, defaults, actor);
  },
);
