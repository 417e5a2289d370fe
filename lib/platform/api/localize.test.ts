import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { NextRequest } from "next/server";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import { noteBody } from "@/lib/chargebacks/schemas";
import { Conflict, NotFound } from "@/lib/platform/errors";
import { UpiError } from "@/lib/upi/errors";
import { route } from "./route";

// Issue 21: an API error reaches a person in their language. The contract (status, code,
// details) stays; English keeps the service's sentence; Chinese reads errors.rules.<rule>, else
// errors.codes.<code>; zod's own messages come in the reader's language per parse.

const KINDS = new Set([
  "NotFound",
  "Conflict",
  "Invalid",
  "Malformed",
  "Forbidden",
  "Unauthenticated",
  "RateLimited",
  "TooLarge",
  "OutcomeUnknown",
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every rule id a domain service can throw: `new Kind(message, "rule")`, `rule: "…"`, ROOM_RULE's values, refuse(…, "rule", message). */
function rulesInSource(): Set<string> {
  const rules = new Set<string>();
  for (const file of sources("lib")) {
    const text = readFileSync(file, "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && KINDS.has(node.expression.text)) {
        const rule = node.arguments?.[1];
        if (rule && ts.isStringLiteral(rule)) rules.add(rule.text);
      }
      if (ts.isPropertyAssignment(node) && node.name.getText() === "rule" && ts.isStringLiteral(node.initializer))
        rules.add(node.initializer.text);
      if (ts.isVariableDeclaration(node) && node.name.getText() === "ROOM_RULE" && node.initializer)
        for (const m of node.initializer.getText().matchAll(/"([a-z_]+)"/g)) rules.add(m[1]!);
      if (ts.isCallExpression(node) && node.expression.getText() === "refuse" && node.arguments.length === 6) {
        const rule = node.arguments[4];
        if (rule && ts.isStringLiteral(rule)) rules.add(rule.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return rules;
}

const answer = (error: Error, language?: string) =>
  route({ permission: "public" }, async () => {
    throw error;
  })(new NextRequest("http://console.test/api/x", { headers: language ? { "accept-language": language } : {} }), {
    params: Promise.resolve({}),
  });

describe("API error messages in the reader's language", () => {
  it("has an English and a Chinese message for every rule a service throws", () => {
    const rules = [...rulesInSource()].sort();
    expect(rules.length).toBeGreaterThan(40);
    for (const locale of ["en", "zh-CN"] as const) {
      const catalog = CATALOGS[locale].errors.rules as Record<string, string>;
      expect(
        rules.filter((r) => !catalog[r]?.trim()),
        `rules without a ${locale} message`,
      ).toEqual([]);
    }
  });

  it("says a rule's refusal in English as the service wrote it, in Chinese from the catalog", async () => {
    const error = () => new Conflict("A user with the email a@b.test already exists.", "duplicate_email");
    const en = await (await answer(error(), "en-US,en;q=0.9")).json();
    const zh = await (await answer(error(), "zh-CN,zh;q=0.9")).json();
    expect(en.error).toEqual({
      code: "conflict",
      message: "A user with the email a@b.test already exists.",
      details: { rule: "duplicate_email" },
    });
    expect(zh.error).toEqual({
      code: "conflict",
      message: "使用该邮箱的用户已存在。",
      details: { rule: "duplicate_email" },
    });
  });

  it("names the amount left in the reader's money format", async () => {
    const error = () =>
      new Conflict("Only $50.00 is left to refund on this charge.", "refund_exceeds_remaining", {
        room: 5000,
        currency: "USD",
      });
    const zh = await (await answer(error(), "zh")).json();
    expect(zh.error.message).toMatch(/^此笔支付仅剩 US\$50\.00 可退款/);
    expect((await (await answer(error(), "en")).json()).error.message).toBe(
      "Only $50.00 is left to refund on this charge.",
    );
  });

  it("falls back to the code's message when no rule is named", async () => {
    const zh = await (await answer(new NotFound("No such user."), "zh-CN")).json();
    expect(zh.error).toEqual({ code: "not_found", message: "未找到。" });
    const en = await (await answer(new NotFound("No such user."))).json();
    expect(en.error).toEqual({ code: "not_found", message: "No such user." });
  });

  it("gives zod's problems and a schema's catalog keys as catalog sentences in the reader's language", async () => {
    const schema = z.object({ name: z.string(), amount: z.string().min(1, "validation.amountRequired") });
    const post = (language: string) =>
      route({ permission: "public", body: schema }, async () => ({ ok: true }))(
        new NextRequest("http://console.test/api/x", {
          method: "POST",
          headers: { "accept-language": language },
          body: JSON.stringify({ name: 5, amount: "" }),
        }),
        { params: Promise.resolve({}) },
      );
    const en = (await (await post("en")).json()).error;
    const zh = (await (await post("zh-CN")).json()).error;
    expect(en.code).toBe("unprocessable_entity");
    expect(en.details.fields.map((f: { message: string }) => f.message)).toEqual(["Enter text", "Enter an amount"]);
    expect(en.message).toBe("Enter text; Enter an amount");
    expect(zh.code).toBe("unprocessable_entity");
    expect(zh.details.fields.map((f: { path: string[] }) => f.path)).toEqual([["name"], ["amount"]]);
    expect(zh.details.fields.map((f: { message: string }) => f.message)).toEqual(["请输入文字", "请输入金额"]);
    expect(zh.message).toBe("请输入文字；请输入金额");
  });

  // Issue 33, journey 6: "Too big: expected string to have <=64 characters" in both languages.
  it.each([
    [
      "en",
      { code: "USDX", count: 1.5, name: "x".repeat(65), tags: [], kind: "z", email: "nope", extra: 1 },
      [
        "Exactly 3 characters",
        "Enter a whole number",
        "At most 64 characters",
        "At least 1 item",
        "Choose one of: a, b",
        "Enter an e-mail address such as name@example.com",
        "Not a field this accepts: extra",
      ],
    ],
    [
      "zh-CN",
      { code: "USDX", count: 1.5, name: "x".repeat(65), tags: [], kind: "z", email: "nope", extra: 1 },
      [
        "必须正好 3 个字符",
        "请输入整数",
        "最多 64 个字符",
        "至少 1 项",
        "请选择其中之一：a, b",
        "请输入电子邮箱地址，例如 name@example.com",
        "不接受的字段：extra",
      ],
    ],
  ])("says each problem zod finds as a sentence of the %s catalog", async (language, body, expected) => {
    const schema = z.strictObject({
      code: z.string().length(3),
      count: z.number().int(),
      name: z.string().max(64),
      tags: z.array(z.string()).min(1),
      kind: z.enum(["a", "b"]),
      email: z.email(),
    });
    const answer = await route({ permission: "public", body: schema }, async () => ({ ok: true }))(
      new NextRequest("http://console.test/api/x", {
        method: "POST",
        headers: { "accept-language": language },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({}) },
    );
    const messages = (await answer.json()).error.details.fields.map((f: { message: string }) => f.message);
    expect(messages.sort()).toEqual([...expected].sort());
  });

  it("leaves the global zod configuration alone: requests of both languages at once", async () => {
    const schema = z.object({ n: z.number() });
    const post = (language: string) =>
      route({ permission: "public", body: schema }, async () => ({ ok: true }))(
        new NextRequest("http://console.test/api/x", {
          method: "POST",
          headers: { "accept-language": language },
          body: JSON.stringify({ n: "x" }),
        }),
        { params: Promise.resolve({}) },
      );
    const answers = await Promise.all(["zh-CN", "en", "zh-CN", "en"].map(async (l) => (await post(l)).json()));
    expect(answers.map((a) => /[\u4e00-\u9fff]/.test(a.error.message))).toEqual([true, false, true, false]);
    expect(z.number().safeParse("x").error?.issues[0]?.message).toMatch(/^Invalid input/);
  });

  it("says a schema's keyed message with its values in each language (a chargeback note)", async () => {
    const post = (language: string, body: string) =>
      route({ permission: "public", body: noteBody }, async () => ({ ok: true }))(
        new NextRequest("http://console.test/api/x", {
          method: "POST",
          headers: { "accept-language": language },
          body: JSON.stringify({ body }),
        }),
        { params: Promise.resolve({}) },
      );
    const message = async (language: string, body: string) => (await (await post(language, body)).json()).error.message;
    expect(await message("en", " ")).toBe("Write the note first");
    expect(await message("zh-CN", " ")).toBe("请先填写备注");
    expect(await message("en", "x".repeat(4001))).toBe("A note is at most 4000 characters");
    expect(await message("zh-CN", "x".repeat(4001))).toBe("备注最多 4000 个字符");
  });

  it("says an upstream refusal with the service's explanation where the catalogs have it, else by its code", async () => {
    const refusal = () => new UpiError("4202", 422, "refund refused", "failed");
    const en = (await (await answer(refusal(), "en")).json()).error;
    const zh = (await (await answer(refusal(), "zh-CN")).json()).error;
    expect(zh.code).toBe(en.code);
    expect(zh.details).toEqual(en.details);
    expect(en.message).toBe(refusal().sentence);
    const words = CATALOGS["zh-CN"].paymentErrors["4202"];
    expect(zh.message).toBe(`${words.explanation}${words.action}`);
  });
});
