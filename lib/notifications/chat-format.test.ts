import { describe, expect, it } from "vitest";
import { chatBody, chatRefusal, dingTalkSign, signedDingTalkUrl } from "./chat-format";

// The three incoming-webhook bodies and DingTalk's signature (issue 35).

const message = {
  title: "A refund of €5.00 waits for your approval",
  text: "f@example.com asked for a refund of €5.00 on charge ch_1 (reference rfd_1).",
  link: { url: "https://console.example.com/approvals", label: "Open in the console" },
};

describe("chat bodies", () => {
  it("Slack-compatible: one text with its <url|label> link", () => {
    expect(chatBody("slack", message)).toEqual({
      text: `*A refund of €5.00 waits for your approval*\n${message.text}\n<https://console.example.com/approvals|Open in the console>`,
    });
  });

  it("WeCom group bot: markdown content", () => {
    expect(chatBody("wecom", message)).toEqual({
      msgtype: "markdown",
      markdown: {
        content: `**A refund of €5.00 waits for your approval**\n> ${message.text}\n[Open in the console](https://console.example.com/approvals)`,
      },
    });
  });

  it("DingTalk group bot: markdown with its title", () => {
    expect(chatBody("dingtalk", { ...message, link: null })).toEqual({
      msgtype: "markdown",
      markdown: { title: message.title, text: `### ${message.title}\n\n${message.text}` },
    });
  });

  it("a title cannot forge a link or formatting", () => {
    const body = chatBody("wecom", { title: "[x](https://evil.example) *y*", text: "t" }) as {
      markdown: { content: string };
    };
    expect(body.markdown.content).not.toContain("](");
  });
});

describe("DingTalk's signature", () => {
  // Worked out apart (Python's hmac): base64(HMAC-SHA256(secret, timestamp + "\n" + secret)).
  it("is the documented HMAC, as query parameters", () => {
    expect(dingTalkSign("SECtest0123456789", 1700000000000)).toBe("yBKp5IlG6qCzcQWmgyRK/ziJBdVNJmHfFE2ST/CzT/g=");
    const url = new URL(
      signedDingTalkUrl("https://oapi.dingtalk.com/robot/send?access_token=abc", "SECtest0123456789", 1700000000000),
    );
    expect(url.searchParams.get("access_token")).toBe("abc");
    expect(url.searchParams.get("timestamp")).toBe("1700000000000");
    expect(url.searchParams.get("sign")).toBe("yBKp5IlG6qCzcQWmgyRK/ziJBdVNJmHfFE2ST/CzT/g=");
  });
});

describe("a receiver's answer", () => {
  it.each([
    [200, "ok", null],
    [200, '{"errcode":0,"errmsg":"ok"}', null],
    // The receiver's own words are never relayed (issue 48, item 9): status and code only.
    [200, '{"errcode":310000,"errmsg":"sign not match"}', "errcode 310000"],
    [404, "no_team", "HTTP 404"],
    [200, '{"errcode":1,"errmsg":"root:x:0:0:root:/root:/bin/bash"}', "errcode 1"],
    [500, "<html>internal admin page</html>", "HTTP 500"],
    [500, "", "HTTP 500"],
  ])("HTTP %i %s → %s", (status, body, refusal) => {
    expect(chatRefusal(status, body)).toBe(refusal);
  });
});

// Issue 48, item 8: a signed reference carrying Slack or Markdown link syntax became a live link.
describe("a value a provider wrote", () => {
  const hostile = [
    "<https://evil.example|click here>",
    "[click](https://evil.example)",
    "![x](https://evil.example/i.png)",
    "<https://evil.example>",
    "https://evil.example/pay",
    "**bold** `code` # heading",
  ];

  it.each(hostile)("reaches every format as text: %s", (value) => {
    const m = { title: `Chargeback ${value}`, text: `reference ${value} on charge ch_1`, link: null };
    const slack = (chatBody("slack", m) as { text: string }).text;
    expect(slack).not.toMatch(/<[^>]*>/);
    expect(slack).not.toContain("https://");
    for (const format of ["wecom", "dingtalk"] as const) {
      const body = JSON.stringify(chatBody(format, m));
      expect(body, format).not.toMatch(/\]\(|<http|https:\/\/|\*\*bold|`code`/);
    }
  });

  it("keeps what people read and copy: ids with underscores, parentheses, Chinese", () => {
    const m = { title: "退款 rfd_1", text: "refund (reference rfd_1) 订单 ORD-1", link: null };
    expect((chatBody("slack", m) as { text: string }).text).toContain("refund (reference rfd_1) 订单 ORD-1");
    expect(JSON.stringify(chatBody("wecom", m))).toContain("refund (reference rfd_1) 订单 ORD-1");
  });
});
