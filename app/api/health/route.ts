import { z } from "zod";
import { route } from "@/lib/platform/api/route";

// Liveness for load balancers: no session, no database.
export const GET = route(
  {
    permission: "public",
    probe: true,
    response: z.strictObject({ ok: z.literal(true) }),
    doc: {
      tag: "System",
      summary: "Liveness",
      description: "liveness: `{ ok: true }`; no session, no database",
      access: "none",
    },
  },
  async () => ({ ok: true as const }),
);
