import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { db, pool } from "@/lib/platform/db";
import { authOptions } from "@/lib/sign-in/options";
import { createUser } from "@/lib/users/service";
import { PATCH } from "@/app/api/account/preferences/route";

// A person's language and time zone: PATCH /api/account/preferences (through route(): session,
// zod, audit), and the first sign-in's defaults from the browser, never over a choice.
const PASSWORD = "long-enough-password";
type Authorize = (credentials: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown>;
const authorize = (authOptions.providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;

const newUser = async (mustChangePassword = false) => {
  const user = await createUser(
    { email: `prefs-${randomUUID().slice(0, 8)}@example.com`, name: "Prefs", role: "finance", password: PASSWORD },
    null,
  );
  await db.user.update({ where: { id: user.id }, data: { mustChangePassword } });
  return user;
};

async function cookieOf(userId: string) {
  const sid = randomUUID();
  await pool.query("INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [
    sid,
    userId,
  ]);
  return `next-auth.session-token=${await encode({ token: { sub: userId, sid }, secret: authOptions.secret! })}`;
}

const patch = (cookie: string | null, body: unknown) =>
  PATCH(
    new NextRequest("http://localhost:3000/api/account/preferences", {
      method: "PATCH",
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
const stored = (id: string) => db.user.findUniqueOrThrow({ where: { id }, select: { locale: true, timeZone: true } });

describe("PATCH /api/account/preferences", () => {
  it("stores a language and an IANA zone, audits the change and sets the language cookie", async () => {
    const user = await newUser();
    const res = await patch(await cookieOf(user.id), { locale: "zh-CN", timeZone: "Asia/Shanghai" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ preferences: { locale: "zh-CN", timeZone: "Asia/Shanghai" } });
    expect(await stored(user.id)).toEqual({ locale: "zh-CN", timeZone: "Asia/Shanghai" });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^console-locale=zh-CN; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain(`Max-Age=${365 * 86400}`);
    const rows = await db.auditLog.findMany({ where: { actorId: user.id, action: "account.preferences.update" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: "ok", targetType: "user", targetId: user.id });
    expect(rows[0]!.detail).toEqual({
      locale: "zh-CN",
      timeZone: "Asia/Shanghai",
      from: { locale: null, timeZone: null },
    });
  });

  it("is open to an account that must still change its password", async () => {
    const user = await newUser(true);
    const res = await patch(await cookieOf(user.id), { locale: "en", timeZone: "America/Los_Angeles" });
    expect(res.status).toBe(200);
    expect(await stored(user.id)).toEqual({ locale: "en", timeZone: "America/Los_Angeles" });
  });

  it.each([
    [{ locale: "fr", timeZone: "UTC" }, ["locale"]],
    [{ locale: "zh-TW", timeZone: "UTC" }, ["locale"]],
    [{ locale: "en", timeZone: "Mars/Olympus" }, ["timeZone"]],
    [{ locale: "en", timeZone: "+08:00" }, ["timeZone"]],
    [{ locale: "en", timeZone: "China Standard Time" }, ["timeZone"]],
    [{ locale: "en" }, ["timeZone"]],
    [{ locale: "en", timeZone: "UTC", role: "admin" }, []],
  ])("refuses %j (422 at its field), storing nothing", async (body, paths) => {
    const user = await newUser();
    const res = await patch(await cookieOf(user.id), body);
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { error: { details: { fields: { path: string[] }[] } } };
    for (const p of paths) expect(answer.error.details.fields.map((f) => f.path.join("."))).toContain(p);
    expect(await stored(user.id)).toEqual({ locale: null, timeZone: null });
    expect(await db.auditLog.count({ where: { actorId: user.id, action: "account.preferences.update" } })).toBe(0);
  });

  it("refuses a caller without a session (401)", async () => {
    expect((await patch(null, { locale: "en", timeZone: "UTC" })).status).toBe(401);
  });
});

describe("first sign-in defaults from the browser", () => {
  const signIn = (email: string, hints: Record<string, string>) =>
    authorize({ email, password: PASSWORD, ...hints }, { headers: { "user-agent": "vitest" } });

  it("a person with no language or zone gets the browser's (a Chinese tag is zh-CN), once", async () => {
    const user = await newUser();
    expect(await signIn(user.email, { languages: "zh-TW,zh,en-US", timeZone: "Asia/Shanghai" })).toBeTruthy();
    expect(await stored(user.id)).toEqual({ locale: "zh-CN", timeZone: "Asia/Shanghai" });
    // A later sign-in from another browser does not change them.
    await signIn(user.email, { languages: "en-US", timeZone: "America/New_York" });
    expect(await stored(user.id)).toEqual({ locale: "zh-CN", timeZone: "Asia/Shanghai" });
  });

  it("never overwrites a chosen value; fills only what is still unset", async () => {
    const user = await newUser();
    await db.user.update({ where: { id: user.id }, data: { locale: "en" } });
    await signIn(user.email, { languages: "zh-CN", timeZone: "Asia/Seoul" });
    expect(await stored(user.id)).toEqual({ locale: "en", timeZone: "Asia/Seoul" });
  });

  it("leaves unknown languages and zones unset (the merchant's defaults apply)", async () => {
    const user = await newUser();
    await signIn(user.email, { languages: "fr-FR,de", timeZone: "Not/AZone" });
    expect(await stored(user.id)).toEqual({ locale: null, timeZone: null });
    await signIn(user.email, {});
    expect(await stored(user.id)).toEqual({ locale: null, timeZone: null });
  });

  it("a failed sign-in stores nothing", async () => {
    const user = await newUser();
    await authorize(
      { email: user.email, password: "wrong-password-1", languages: "zh-CN", timeZone: "Asia/Shanghai" },
      { headers: { "user-agent": "vitest" } },
    );
    expect(await stored(user.id)).toEqual({ locale: null, timeZone: null });
  });
});

describe("the database's own rule on users.locale and users.time_zone", () => {
  it("refuses a language the console has not and a zone that is no IANA name; takes null and good values", async () => {
    const user = await newUser();
    const set = (locale: string | null, zone: string | null) =>
      pool.query("UPDATE users SET locale = $2, time_zone = $3 WHERE id = $1", [user.id, locale, zone]).then(
        () => "ok",
        (e: { code?: string }) => e.code,
      );
    expect(await set("fr", null)).toBe("23514");
    expect(await set(null, "+08:00")).toBe("23514");
    expect(await set(null, `Asia/${"x".repeat(70)}`)).toBe("23514");
    expect(await set("zh-CN", "America/Argentina/Buenos_Aires")).toBe("ok");
    expect(await set(null, null)).toBe("ok");
  });
});
