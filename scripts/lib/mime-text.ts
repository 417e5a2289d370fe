// Just enough MIME to read what nodemailer sends (the local mail sink and the tests): headers
// with RFC 2047 words, a multipart/alternative body, quoted-printable or base64 parts.

export type ReadMail = { messageId: string; to: string; subject: string; text: string; html: string };

const decodeQp = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    "latin1",
  ).toString("utf8");

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQp(data.replace(/_/g, " ")),
    );
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQp(body);
  return body;
}

function parts(headers: Map<string, string>, body: string, out: { text: string; html: string }) {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = split(chunk.replace(/^\r?\n/, ""));
      parts(part.headers, part.body, out);
    }
  } else if (type.toLowerCase().startsWith("text/html")) out.html = decodeBody(headers, body);
  else out.text = decodeBody(headers, body).replace(/\r\n/g, "\n");
}

export function readMail(raw: string): ReadMail {
  const { headers, body } = split(raw);
  const out = { text: "", html: "" };
  parts(headers, body, out);
  return {
    messageId: headers.get("message-id") ?? "",
    to: decodeWords(headers.get("to") ?? ""),
    subject: decodeWords(headers.get("subject") ?? ""),
    ...out,
  };
}
