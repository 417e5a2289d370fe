import { route } from "@/lib/api/route";
import { createUserSchema } from "@/lib/users/schemas";
import { createUser, listUsers } from "@/lib/users/service";
import { clientInfo } from "@/lib/audit/log";

export const GET = route({ permission: "users.manage" }, async () => ({ users: await listUsers() }));

export const POST = route(
  { permission: "users.manage", body: createUserSchema, action: "user.create", stepUp: true },
  async ({ body, user, req }) => {
    const created = await createUser(body, user, clientInfo(req.headers));
    return Response.json({ user: created }, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
);
