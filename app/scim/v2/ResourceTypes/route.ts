import { scim, scimJson, URN } from "@/lib/scim/protocol";
import { resourceTypes } from "@/lib/scim/discovery";

export const GET = scim(async (req) => {
  const types = resourceTypes(req.nextUrl.origin);
  return scimJson({
    schemas: [URN.list],
    totalResults: types.length,
    startIndex: 1,
    itemsPerPage: types.length,
    Resources: types,
  });
});
