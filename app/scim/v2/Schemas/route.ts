import { scim, scimJson, URN } from "@/lib/scim/protocol";
import { SCHEMAS } from "@/lib/scim/discovery";

export const GET = scim(async () =>
  scimJson({
    schemas: [URN.list],
    totalResults: SCHEMAS.length,
    startIndex: 1,
    itemsPerPage: SCHEMAS.length,
    Resources: SCHEMAS,
  }),
);
