import { z } from "zod";
import { route } from "@/lib/platform/api/route";
import { merchantCustomsOrThrow } from "@/lib/declarations/merchant-customs";
import { bulkDeclare, previewBulk } from "@/lib/declarations/bulk";
import { BODY_LIMITS, readCapped } from "@/lib/platform/http/body";
import { assertStorableFile } from "@/lib/platform/http/storable";
import { bulkAnswerSchema } from "@/lib/declarations/answers";

// A CSV body (text/csv). `?dryRun=1`: the preview, every problem of every row, nothing sent.
// Without it: checked again, sent only when the whole file is valid, a result per row. No
// Idempotency-Key needed: each order's key is derived from its rows, so a double click or the
// same file uploaded twice declares nothing twice.
export const POST = route(
  {
    response: bulkAnswerSchema,
    doc: {
      tag: "Customs",
      summary: "Declare a bulk file",
      consumes: "text/csv",
      description:
        "a CSV body (`reference, vendor, payment_type, customs_location, sub_order_no, order_fee, transport_fee, product_fee, duty, buyer_name, id_number`; CNY amounts like `120.50`; commas, semicolons or tabs between cells, as the header line has them; at most 2 MB). `?dryRun=1`: the preview `{ rows: [{ line, reference, cells, problems: [{ column, message, rule?, words?, keyed? }], declared?: { declarationId, by, at } }], problems, orderCount, declaredCount }` (`declared`: Customs already has the order for that vendor; the confirm does not declare it again) (`rule`/`words`/`keyed`: the problem's catalog key and values, for the reader's language; a formula cell is a problem of its own) — every problem of every row at its line and column (ID numbers masked), nothing sent. A file that is empty, not CSV, has a wrong header, no rows or more than 1,000 is refused whole (422 `bulk_empty`, 400 `bulk_not_csv`, 422 `bulk_header`, `bulk_no_rows`, `bulk_too_many`); Settings without the merchant customs code or name refuses every file (422 `merchant_customs_missing`, `details.missing`: code, name or both). Without it: the file is checked again and sent only when it has no problem (else 422 `bulk_invalid` with `details.preview`, nothing sent); `{ rows: [{ line, reference, ok, problems, declarationId?, replayed?, declared? }], sent, refused }`. Each order's key is derived from its rows, so a double click or the same file again declares nothing twice",
      errors: ["payload_too_large"],
    },
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
