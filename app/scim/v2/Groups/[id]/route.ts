import { scim, scimBody, scimJson } from "@/lib/scim/protocol";
import { getGroup, patchGroup, replaceGroup } from "@/lib/scim/groups";

export const GET = scim(async (req, { id }) => scimJson(await getGroup(id!, req.nextUrl.origin)));

export const PUT = scim(async (req, { id }) =>
  scimJson(await replaceGroup(id!, await scimBody(req), req.nextUrl.origin)),
);

export const PATCH = scim(async (req, { id }) =>
  scimJson(await patchGroup(id!, await scimBody(req), req.nextUrl.origin)),
);
