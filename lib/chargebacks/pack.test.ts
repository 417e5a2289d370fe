import { randomUUID } from "node:crypto";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { pdfText } from "@/test/pdf-text";
import { getChargebackCaseOrThrow } from "./case";
import { addFile, addNote, listFilesWithData } from "./work";
import { evidencePdf, evidenceZip } from "./pack";
import { wrapLine } from "./pack-wrap";
import { staffOf } from "@/test/staff";

// Issue 33, journey 2: the evidence pack kept Chinese as "????" (the standard PDF fonts encode
// WinAnsi only) and wrote every time in UTC in English whoever downloaded it. Real PostgreSQL.

const run = randomUUID().slice(0, 8);
const manager: StaffUser = staffOf({
  id: randomUUID(),
  email: `mona-${run}@example.com`,
  name: "Mona",
  role: "manager",
});
const actor = actorFor(manager, { ip: "127.0.0.1", userAgent: "vitest" });
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const NOTE = "已联系持卡人，包裹已于 11 月 20 日签收，快递单号 SF1234567890。";

async function caseWithChineseWork() {
  const id = `cb_zh_${run}_${randomUUID().slice(0, 4)}`;
  await pool.query(
    `INSERT INTO chargebacks (id, status, amount, currency, reason, opened_at, last_change_at, updated_at)
     VALUES ($1, 'Notification of Claim', 4200, 'USD', '商品未收到', '2026-11-26T21:45:31Z', '2026-11-26T21:45:31Z', now())`,
    [id],
  );
  await pool.query(
    "INSERT INTO chargeback_events (chargeback_id, status, at, source) VALUES ($1, 'Notification of Claim', '2026-11-26T21:45:31Z', 'webhook')",
    [id],
  );
  await addNote(id, NOTE, actor);
  await addFile(id, "签收单.png", PNG, actor);
  return getChargebackCaseOrThrow(id);
}

describe("the evidence pack in the reader's language and zone", () => {
  it("keeps every Chinese character typed, in Chinese, with times in Asia/Shanghai named", async () => {
    const c = await caseWithChineseWork();
    const text = pdfText(await evidencePdf(c, manager.email, { locale: "zh-CN", timeZone: "Asia/Shanghai" }));
    expect(text).toContain(NOTE.slice(0, 20));
    expect(text).toContain("SF1234567890。");
    expect(text).toContain("01-签收单.png");
    expect(text).toContain("原因: 商品未收到");
    expect(text).toContain("状态: 拒付通知");
    expect(text).toContain("Asia/Shanghai（本证据包中的所有时间）");
    // 21:45:31 UTC is 05:45 the next morning in Shanghai.
    expect(text).toMatch(/2026年11月27日.*05:45/);
    expect(text).not.toContain("?");
  });

  it('names the way it was paid in words (issue 50, item 4: "card" in a Chinese pack)', async () => {
    const c = await caseWithChineseWork();
    const charge = {
      id: "ch_1",
      reference: "ORD-1",
      status: "succeeded",
      amount: 4200,
      amountCaptured: null,
      amountRefunded: null,
      currency: "USD",
      method: "card",
      paymentType: null,
      panMasked: "411111******1111",
      country: "CN",
      timeCreated: "2026-11-20T00:00:00Z",
      customer: { reference: null, name: null, email: null },
    };
    const text = pdfText(
      await evidencePdf({ ...c, charge } as never, manager.email, { locale: "zh-CN", timeZone: "UTC" }),
    );
    expect(text).toContain("银行卡 / 411111******1111");
  });

  it("is English with UTC times when asked, whatever the case holds", async () => {
    const c = await caseWithChineseWork();
    const text = pdfText(await evidencePdf(c, manager.email, { locale: "en", timeZone: "UTC" }));
    expect(text).toContain("Status: Notification of Claim");
    expect(text).toContain("Times in: UTC (every time in this pack)");
    expect(text).toContain("26 Nov 2026, 21:45 UTC  Notification of Claim  (notification)");
    expect(text).toContain("SF1234567890。");
    expect(text).toContain("01-签收单.png");
  });

  it("says when a note was edited after it was written (review of issue 50's note edits)", async () => {
    const c = await caseWithChineseWork();
    const note = c.notes[0]!;
    await pool.query("UPDATE chargeback_notes SET edited_at = '2026-11-28T08:00:00Z' WHERE id = $1", [note.id]);
    const edited = await getChargebackCaseOrThrow(c.id);
    const text = pdfText(await evidencePdf(edited, manager.email, { locale: "en", timeZone: "UTC" }));
    expect(text).toContain("(edited 28 Nov 2026, 08:00 UTC)");
    const zh = pdfText(await evidencePdf(edited, manager.email, { locale: "zh-CN", timeZone: "Asia/Shanghai" }));
    expect(zh).toContain("已于 2026年11月28日 16:00");
  });

  it("names the Chinese file in the ZIP as typed", async () => {
    const c = await caseWithChineseWork();
    const pdf = await evidencePdf(c, manager.email, { locale: "zh-CN", timeZone: "Asia/Shanghai" });
    const zip = unzipSync(evidenceZip(pdf, c.id, await listFilesWithData(c.id)));
    expect(Object.keys(zip)).toContain("files/01-签收单.png");
  });

  it("breaks a 4,000-character Chinese note between characters, every line within the page", () => {
    const measure = (s: string) => [...s].length * 10;
    const lines = wrapLine("签".repeat(4000), measure, 495);
    expect(lines).toHaveLength(Math.ceil(4000 / 49));
    expect(lines.every((l) => measure(l) <= 495)).toBe(true);
    // Latin words whole, Chinese broken between any two characters, a long token cut.
    expect(wrapLine("paid in full 已签收 SF1234567890", measure, 60)).toEqual([
      "paid",
      "in",
      "full 已",
      "签收",
      "SF1234",
      "567890",
    ]);
  });

  // Issue 50 item 13: an emoji in a note came out of the pack as "?" (the font has no emoji).
  it("writes a character its font cannot draw as its code point, and lists them", async () => {
    const c = await caseWithChineseWork();
    await addNote(c.id, "Customer confirmed receipt 👍 and sent a photo 📦", actor);
    const text = pdfText(
      await evidencePdf(await getChargebackCaseOrThrow(c.id), manager.email, { locale: "en", timeZone: "UTC" }),
    );
    expect(text).toContain("Customer confirmed receipt [U+1F44D] and sent a photo [U+1F4E6]");
    expect(text).toContain(
      "The PDF's font cannot draw these characters; they are written as their code points: U+1F44D, U+1F4E6.",
    );
    expect(text).not.toContain("?");
  });
});
