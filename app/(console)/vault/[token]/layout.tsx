import { recordLayout } from "@/lib/platform/auth/record-gate";
import { vaultTokenParamSchema } from "@/lib/vault/schemas";
import { tokenKnown } from "@/lib/vault/service";

// An unknown token answers a real 404, before the skeleton beside the page streams.
export default recordLayout("vault.read", vaultTokenParamSchema, ({ token }) => tokenKnown(token));
