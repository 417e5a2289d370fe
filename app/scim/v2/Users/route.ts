import { scim, scimBody, scimJson } from "@/lib/scim/protocol";
import { createScimUser, listScimUsers } from "@/lib/scim/users";

export const GET = scim(async (req) => scimJson(await listScimUsers(req.nextUrl.searchParams, req.nextUrl.origin)));

export const POST = scim(async (req) => {
  const user = await createScimUser(await scimBody(req), req.nextUrl.origin);
  return scimJson(user, 201, { Location: user.meta.location });
});
