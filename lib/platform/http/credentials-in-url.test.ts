import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

// Issue 30, item 7: a sign-in form without a method, submitted before its script was ready,
// put the password into the address bar (GET /login?email=…&password=…). Every form posts,
// and the server answers a credential in a query string by redirecting without it.

const ROOT = join(__dirname, "..", "..", "..");
// Filter forms keep their state in the URL by design (STYLE.md rule 5) and carry no secret, nor
// does the header's search, whose answer is /search?q= (with scripts off too).
const GET_FORMS = new Set([
  "components/data-table/list-filters.tsx",
  "components/shell/search-box.tsx",
  "app/(console)/reports/page.tsx",
  "app/(console)/chargebacks/summary/page.tsx",
]);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return path.endsWith(".tsx") ? [path] : [];
  });
}
/** Each `<form …>` opening tag of a file, braces balanced (handlers hold `=>`). */
function formTags(source: string): string[] {
  const tags: string[] = [];
  for (const m of source.matchAll(/<form\b/g)) {
    let depth = 0;
    let j = (m.index ?? 0) + 5;
    for (; j < source.length; j++) {
      const c = source[j];
      if (c === "{") depth++;
      else if (c === "}") depth--;
      else if (c === ">" && depth === 0) break;
    }
    tags.push(source.slice(m.index, j + 1));
  }
  return tags;
}

describe("credentials never travel in a URL", () => {
  it("every form posts, except the URL-state filter forms", () => {
    const offenders: string[] = [];
    for (const file of [...tsxFiles(join(ROOT, "app")), ...tsxFiles(join(ROOT, "components"))]) {
      const rel = file.slice(ROOT.length + 1);
      for (const tag of formTags(readFileSync(file, "utf8"))) {
        const method = /method="(\w+)"/.exec(tag)?.[1];
        if (method === "post" || (method === "get" && GET_FORMS.has(rel))) continue;
        offenders.push(`${rel}: ${tag.split("\n")[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it.each([
    ["/login?email=fin%40example.com&password=hunter2", "/login?email=fin%40example.com"],
    [
      "/login?callbackUrl=%2Ftransactions&email=a%40b.c&password=x&code=123456",
      "/login?callbackUrl=%2Ftransactions&email=a%40b.c",
    ],
    ["/account/security?currentPassword=a&newPassword=b", "/account/security"],
    ["/terminal?pan=4111111111111111&cvv=123&amount=10", "/terminal?amount=10"],
  ])("GET %s is redirected (303) without the credential", async (asked, clean) => {
    const res = await proxy(new NextRequest(`http://localhost:3000${asked}`));
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.pathname + location.search).toBe(clean);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("leaves a query without credentials alone", async () => {
    const res = await proxy(new NextRequest("http://localhost:3000/login?callbackUrl=%2Freports"));
    expect(res.status).toBe(200);
  });
});
