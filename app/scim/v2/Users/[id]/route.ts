import { scim, scimBody, scimJson } from "@/lib/scim/protocol";
import { deleteScimUser, getScimUser, patchScimUser, replaceScimUser } from "@/lib/scim/users";

export const GET = scim(async (req, { id }) => scimJson(await getScimUser(id!, req.nextUrl.origin)));

export const PUT = scim(async (req, { id }) =>
  scimJson(await replaceScimUser(id!, await scimBody(req), req.nextUrl.origin)),
);

export const PATCH = scim(async (req, { id }) =>
  scimJson(await patchScimUser(id!, await scimBody(req), req.nextUrl.origin)),
);

// The person's sessions end at once (the users trigger); SCIM answers 404 for them afterwards.
export const DELETE = scim(async (_req, { id }) => {
  await deleteScimUser(id!);
  return scimJson(null, 204);
});
