import { route } from "@/lib/platform/api/route";
import { vaultTokenParamSchema } from "@/lib/vault/schemas";
import { deleteToken, inspectToken } from "@/lib/vault/service";
import { tokenAnswerSchema, tokenInspectionSchema } from "@/lib/vault/answers";

export const GET = route(
  {
    response: tokenInspectionSchema,
    doc: {
      tag: "Payments",
      summary: "Read one stored card",
      description:
        "the token inquired afresh (a stored token the service cannot read now is answered with `syncError`), and the ledger's newest 50 charges paid with it",
    },
    permission: "vault.read",
    params: vaultTokenParamSchema,
  },
  async ({ params }) => inspectToken(params.token),
);

export const DELETE = route(
  {
    response: tokenAnswerSchema,
    doc: {
      tag: "Payments",
      summary: "Delete a stored card",
      description: "delete it at the payment service: `{ token }`, now `deleted`; 4204 explained",
      errors: ["upstream_error"],
    },
    permission: "vault.manage",
    params: vaultTokenParamSchema,
    action: "vault.delete",
  },
  async ({ params, actor }) => ({
    token: await deleteToken(params.token, actor),
  }),
);
