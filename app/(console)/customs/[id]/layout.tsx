import { recordLayout } from "@/lib/platform/auth/record-gate";
import { declarationIdSchema } from "@/lib/declarations/schemas";
import { declarationExists } from "@/lib/declarations/view";

// An unknown declaration id answers a real 404, before the skeleton beside the page streams.
export default recordLayout("customs.read", declarationIdSchema, ({ id }) => declarationExists(id));
