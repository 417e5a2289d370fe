import { route } from "@/lib/api/route";
import { ApiError } from "@/lib/api/errors";
import { getSettings } from "@/lib/settings/service";
import { bulkDeclare } from "@/lib/declarations/bulk";
import { BODY_LIMITS, readCapped } from "@/lib/http/body";

// A CSV body (text/csv): every row checked, only valid orders sent, a result per row. No
// Idempotency-Key needed: each order's key is derived from its rows, so the same file
// uploaded twice declares nothing twice.
export const POST = route({ permission: "customs.declare", action: "customs.bulk" }, async ({ req, actor }) => {
  // Counted as it arrives: past BODY_LIMITS.bulkCsv the upload is refused (413) without being read whole.
  const text = await readCapped(req.body, BODY_LIMITS.bulkCsv, req.headers.get("content-length"));
  const s = await getSettings();
  if (!s.merchantCustomsCode || !s.merchantCustomsName)
    throw new ApiError(
      "unprocessable_entity",
      "Set the merchant customs code and name in Settings first: bulk rows use them.",
    );
  return bulkDeclare(
    text,
    { merchantCustomsCode: s.merchantCustomsCode, merchantCustomsName: s.merchantCustomsName },
    actor,
  );
});
