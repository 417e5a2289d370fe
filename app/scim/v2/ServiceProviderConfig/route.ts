import { scim, scimJson } from "@/lib/scim/protocol";
import { serviceProviderConfig } from "@/lib/scim/discovery";

export const GET = scim(async (req) => scimJson(serviceProviderConfig(req.nextUrl.origin)));
