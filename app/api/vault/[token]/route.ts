import { route } from "@/lib/platform/api/route";
import { vaultTokenParamSchema } from "@/lib/vault/schemas";
import { deleteToken, inspectToken } from "@/lib/vault/service";

export const GET = route({ permission: "vault.read", params: vaultTokenParamSchema }, async ({ params }) =>
  inspectToken(params.token),
);

export const DELETE = route(
  { permission: "vault.manage", params: vaultTokenParamSchema, action: "vault.delete" },
  async ({ params, actor }) => ({
    token: await deleteToken(params.token, actor),
  }),
);
