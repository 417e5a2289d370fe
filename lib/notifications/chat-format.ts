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

/** The request body each format expects. */
export function chatBody(format: ChatFormat, m: ChatMessage): Record<string, unknown> {
  switch (format) {
    case "slack":
      // Slack's (and Mattermost's, Rocket.Chat's) `text`, with its `<url|label>` link form.
      return {
        text: [`*${plain(m.title)}*`, m.text, ...(m.link ? [`<${m.link.url}|${plain(m.link.label)}>`] : [])].join("\n"),
      };
    case "wecom":
      return {
        msgtype: "markdown",
        markdown: {
          content: [
            `**${plain(m.title)}**`,
            `> ${m.text}`,
            ...(m.link ? [`[${plain(m.link.label)}](${m.link.url})`] : []),
          ].join("\n"),
        },
      };
    case "dingtalk":
      return {
        msgtype: "markdown",
        markdown: {
          title: m.title,
          text: [`### ${plain(m.title)}`, m.text, ...(m.link ? [`[${plain(m.link.label)}](${m.link.url})`] : [])].join(
            "\n\n",
          ),
        },
      };
  }
}

/**
 * Whether the receiver took it. WeCom and DingTalk answer 200 with `{ errcode, errmsg }`, a
 * refusal being a non-zero errcode; Slack-compatible receivers answer an HTTP error.
 */
export function chatRefusal(status: number, body: string): string | null {
  if (status < 200 || status >= 300) return `HTTP ${status}${body ? `: ${body.slice(0, 200)}` : ""}`;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "errcode" in parsed) {
      const { errcode, errmsg } = parsed as { errcode: unknown; errmsg?: unknown };
      if (errcode !== 0 && errcode !== "0") return `errcode ${String(errcode)}: ${String(errmsg ?? "")}`.slice(0, 300);
    }
  } catch {
    // Slack answers the text "ok".
  }
  return null;
}
