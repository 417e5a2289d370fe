import { json } from "@/lib/platform/api/responses";

// Liveness for load balancers: no session, no database.
export function GET() {
  return json({ ok: true });
}
