import type { BrowserContext, Response } from "@playwright/test";
import { englishWords } from "./no-english";

// Issue 50, item 5: every error the API gives a zh-CN person, collected as the context runs —
// its message and each field's problem — so a check can fail on one left in English.

type Said = { url: string; status: number; text: string };

/** Starts collecting the API's error answers of `context`; `untranslated(data)` lists those with English words. */
export function watchApiErrors(context: BrowserContext) {
  const said: Said[] = [];
  const reading: Promise<void>[] = [];
  const read = async (res: Response) => {
    if (res.status() < 400 || !new URL(res.url()).pathname.startsWith("/api/")) return;
    const body = (await res.json().catch(() => null)) as {
      error?: { message?: string; details?: { fields?: { message: string }[] } };
    } | null;
    if (!body?.error?.message) return;
    for (const text of [body.error.message, ...(body.error.details?.fields ?? []).map((f) => f.message)])
      said.push({ url: `${res.request().method()} ${new URL(res.url()).pathname}`, status: res.status(), text });
  };
  context.on("response", (res) => {
    reading.push(read(res));
  });
  return {
    /** Every error text said so far, once the answers in flight are read. */
    async said(): Promise<Said[]> {
      await new Promise((r) => setTimeout(r, 100));
      await Promise.all(reading);
      return said;
    },
    async untranslated(data: readonly string[] = []): Promise<string[]> {
      await new Promise((r) => setTimeout(r, 100));
      await Promise.all(reading);
      return said.filter((s) => englishWords(s.text, data).length > 0).map((s) => `${s.url} ${s.status}: ${s.text}`);
    },
  };
}
