import { createHmac } from "node:crypto";
import type { ChatFormat } from "./kinds";

// The bodies of the three incoming-webhook formats a team channel can take (issue 35), and
// DingTalk's signature. Pure: the message is already worded (render.ts), the URL already opened.

/** One message: its subject, its body, and the thing's link with the words that open it. */
export type ChatMessage = { title: string; text: string; link?: { url: string; label: string } | null };

/**
 * DingTalk's signed robots: `timestamp` (ms) and `sign` = base64(HMAC-SHA256(secret,
 * timestamp + "\n" + secret)) as query parameters of the webhook URL.
 */
export function dingTalkSign(secret: string, timestamp: number): string {
  return createHmac("sha256", secret).update(`${timestamp}\n${secret}`, "utf8").digest("base64");
}

export function signedDingTalkUrl(url: string, secret: string, timestamp = Date.now()): string {
  const signed = new URL(url);
  signed.searchParams.set("timestamp", String(timestamp));
  signed.searchParams.set("sign", dingTalkSign(secret, timestamp));
  return signed.toString();
}

/** Markdown's link characters in a label are left out: a reference cannot forge a link. */
const plain = (s: string) => s.replace(/[[\]()<>|*_\u0060]/g, " ");

/** A URL scheme in a value is broken by a zero-width space: a receiver does not make it a live link. */
const noBareLinks = (s: string) => s.replace(/\b([a-z][a-z0-9+.-]*):\/\//gi, "$1\u200b://");

/**
 * Every value a provider or a person wrote reaches a chat body as text, escaped for the format
 * (issue 48, item 8: a signed reference carrying link syntax became a live link in the channel).
 * Slack: its three control characters as entities (its documented escaping).
 */
const slackText = (s: string) => noBareLinks(s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));

/**
 * WeCom's and DingTalk's Markdown: the characters that open a link, an image, an autolink,
 * emphasis, code or a heading, as their full-width twins. Parentheses and underscores stay
 * (a sentence's brackets, an id like rfd_1): without a `[` they make nothing.
 */
const MARKDOWN_TWINS: Record<string, string> = {
  "[": "［",
  "]": "］",
  "<": "‹",
  ">": "›",
  "*": "＊",
  "\u0060": "｀",
  "#": "＃",
};
const markdownText = (s: string) => noBareLinks(s.replace(/[[\]<>*\u0060#]/g, (c) => MARKDOWN_TWINS[c]!));

/** The request body each format expects. */
export function chatBody(format: ChatFormat, m: ChatMessage): Record<string, unknown> {
  switch (format) {
    case "slack":
      // Slack's (and Mattermost's, Rocket.Chat's) `text`, with its `<url|label>` link form.
      return {
        text: [
          `*${slackText(plain(m.title))}*`,
          slackText(m.text),
          ...(m.link ? [`<${m.link.url}|${slackText(plain(m.link.label))}>`] : []),
        ].join("\n"),
      };
    case "wecom":
      return {
        msgtype: "markdown",
        markdown: {
          content: [
            `**${markdownText(m.title)}**`,
            `> ${markdownText(m.text)}`,
            ...(m.link ? [`[${plain(m.link.label)}](${m.link.url})`] : []),
          ].join("\n"),
        },
      };
    case "dingtalk":
      return {
        msgtype: "markdown",
        markdown: {
          title: markdownText(m.title),
          text: [
            `### ${markdownText(m.title)}`,
            markdownText(m.text),
            ...(m.link ? [`[${plain(m.link.label)}](${m.link.url})`] : []),
          ].join("\n\n"),
        },
      };
  }
}

/**
 * Whether the receiver took it. WeCom and DingTalk answer 200 with `{ errcode, errmsg }`, a
 * refusal being a non-zero errcode; Slack-compatible receivers answer an HTTP error.
 */
export function chatRefusal(status: number, body: string): string | null {
  // The receiver's own words are never relayed (issue 48, item 9): a chat URL pointed at a service
  // inside the network would otherwise show staff what that service answers. Status and code only.
  if (status < 200 || status >= 300) return `HTTP ${status}`;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "errcode" in parsed) {
      const { errcode } = parsed as { errcode: unknown };
      if (errcode !== 0 && errcode !== "0") return `errcode ${String(errcode).slice(0, 12)}`;
    }
  } catch {
    // Slack answers the text "ok".
  }
  return null;
}
