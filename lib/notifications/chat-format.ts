import { createHmac } from "node:crypto";
import type { ChatFormat } from "./kinds";

/** One message: its subject, its body, and the thing's link with the words that open it. */
export type ChatMessage = { title: string; text: string; link?: { url: string; label: string } | null };

/** DingTalk's signed robots: `timestamp` and `sign` = base64 as query parameters of the webhook URL. */
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

const noBareLinks = (s: string) => s.replace(/\b([a-z][a-z0-9+.-]*):\/\//gi, "$1\u200b://");

const slackText = (s: string) => noBareLinks(s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));

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

/** Whether the receiver took it. */
export function chatRefusal(status: number, body: string): string | null {
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
