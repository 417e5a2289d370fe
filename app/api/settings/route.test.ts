import { NextRequest } from "next/server";
import { describe, expect, it, onTestFinished } from "vitest";
import { signedInAs } from "@/test/route-session";
import { getSettings, updateSettings } from "@/lib/platform/settings/service";
import { PATCH } from "./route";

// A response window is kept per chargeback status of the payment service: another key is refused
// at the edge (lib/chargebacks/schemas.ts), though the stored settings take any status name.
const patch = async (cookie: string, body: unknown) =>
  PATCH(
    new NextRequest("http://localhost:3000/api/settings", {
      method: "PATCH",
      headers: { host: "localhost:3000", origin: "http://localhost:3000", cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );

describe("PATCH /api/settings: chargeback response windows", () => {
  it("refuses a status the payment service does not have, and keeps a real one", async () => {
    const { cookie } = await signedInAs("admin");
    const before = (await getSettings()).chargebackResponseDays;
    onTestFinished(() => updateSettings({ chargebackResponseDays: before }, "t").then(() => undefined));
    const refused = await patch(cookie, { chargebackResponseDays: { "Pre-Arbitration": 5 } });
    expect(refused.status).toBe(422);
    expect((await getSettings()).chargebackResponseDays).not.toHaveProperty("Pre-Arbitration");
    const kept = await patch(cookie, { chargebackResponseDays: { "Notification of Claim": 12 } });
    expect(kept.status).toBe(200);
    expect((await getSettings()).chargebackResponseDays).toMatchObject({ "Notification of Claim": 12 });
  });
});
