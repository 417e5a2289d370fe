import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { PUT } from "@/app/api/account/theme/route";
import { authOptions } from "@/lib/sign-in/options";
import { db, pool } from "@/lib/platform/db";
import { nextTheme } from "@/lib/platform/theme";
import { createUser } from "@/lib/users/service";

// The header's theme switch: PUT /api/account/theme keeps the choice on the person's own user
// ("system" is null), refuses anything else, and the database holds to light or dark.

const newUser = () =>
  createUser(
    {
      email: `theme-${randomUUID().slice(0, 8)}@example.com`,
      name: "Theme",
      role: "ops",
      password: "long-enough-password",
    },
    null,
  );

async function cookieOf(userId: string) {
  const sid = randomUUID();
  await pool.query("INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [
    sid,
    userId,
  ]);
  return `next-auth.session-token=${await encode({ token: { sub: userId, sid }, secret: authOptions.secret! })}`;
}

const put = (cookie: string | null, body: unknown) =>
  PUT(
    new NextRequest("http://localhost:3000/api/account/theme", {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        host: "localhost:3000",
        origin: "http://localhost:3000",
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
const stored = async (id: string) =>
  (await db.user.findUniqueOrThrow({ where: { id }, select: { theme: true } })).theme;

describe("PUT /api/account/theme", () => {
  it("keeps dark, light and system (null) on the person's own user", async () => {
    const [user, other] = [await newUser(), await newUser()];
    const cookie = await cookieOf(user.id);
    expect((await put(cookie, { theme: "dark" })).status).toBe(200);
    expect(await stored(user.id)).toBe("dark");
    expect(await stored(other.id)).toBeNull();
    await put(cookie, { theme: "light" });
    expect(await stored(user.id)).toBe("light");
    await put(cookie, { theme: "system" });
    expect(await stored(user.id)).toBeNull();
  });

  it("refuses another theme (422) and a caller without a session (401)", async () => {
    const user = await newUser();
    const res = await put(await cookieOf(user.id), { theme: "blue" });
    expect(res.status).toBe(422);
    expect(await stored(user.id)).toBeNull();
    expect((await put(null, { theme: "dark" })).status).toBe(401);
  });

  it("the database holds to light or dark", async () => {
    const user = await newUser();
    const set = (theme: string | null) =>
      pool.query("UPDATE users SET theme = $2 WHERE id = $1", [user.id, theme]).then(
        () => "ok",
        (e: { code?: string }) => e.code,
      );
    expect(await set("blue")).toBe("23514");
    expect(await set("dark")).toBe("ok");
    expect(await set(null)).toBe("ok");
  });

  it("the switch goes system → light → dark → system", () => {
    expect([nextTheme("system"), nextTheme("light"), nextTheme("dark")]).toEqual(["light", "dark", "system"]);
  });
});
