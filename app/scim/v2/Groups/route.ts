import { scim, scimJson } from "@/lib/scim/protocol";
import { listGroups, refuseGroupCreate } from "@/lib/scim/groups";

export const GET = scim(async (req) => scimJson(await listGroups(req.nextUrl.searchParams, req.nextUrl.origin)));

export const POST = scim(refuseGroupCreate);
