import { createServer, type Server } from "node:http";
import { SMTPServer } from "smtp-server";
import { readMail, type ReadMail } from "./mime-text";

// A local mail catcher (issue 35): npm start's local mode sends the console's e-mail here when
// no SMTP_URL is set, and prints the page where the demo users' mail can be read; the tests
// use it as the real SMTP server on loopback. Mail is kept in memory only, newest first, and
// the page listens on 127.0.0.1 only.

export type CaughtMail = ReadMail & { envelopeTo: string[]; receivedAt: string };

export type MailSink = {
  smtpUrl: string;
  webUrl: string | null;
  messages: CaughtMail[];
  close(): Promise<void>;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function page(messages: CaughtMail[]): string {
  const rows = messages
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p><b>To:</b> ${escapeHtml(m.to)} · ${escapeHtml(m.receivedAt)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join("<hr>");
  return `<!doctype html><html><head><meta charset="utf-8"><title>Local mail</title></head><body style="font-family:sans-serif;max-width:60rem;margin:2rem auto"><h1>Mail the console sent (${messages.length})</h1><p>Local mode only: nothing here left this machine. <a href="/messages.json">JSON</a></p>${rows || "<p>No mail yet.</p>"}</body></html>`;
}

/**
 * Starts the SMTP side on `smtpPort` (0: any free port) and, unless `webPort` is null, the page.
 * `answerAfterMs`: a slow server, which keeps each message before it answers that it took it (a
 * test kills a sender in that moment).
 */
export async function startMailSink({
  smtpPort = 0,
  webPort = 0 as number | null,
  answerAfterMs = 0,
} = {}): Promise<MailSink> {
  const messages: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    banner: "merchant-console local mail sink",
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = readMail(Buffer.concat(chunks).toString("utf8"));
        messages.unshift({
          ...mail,
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          receivedAt: new Date().toISOString(),
        });
        if (answerAfterMs) setTimeout(() => callback(), answerAfterMs);
        else callback();
      });
    },
  });
  const smtpAt = await new Promise<number>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(smtpPort, "127.0.0.1", () => {
      const address = smtp.server.address();
      resolve(typeof address === "object" && address ? address.port : smtpPort);
    });
  });
  // A sender that goes away mid-message (killed, timed out) resets its connection: that is the
  // sender's story, not a failure of the sink, and must not end the process it runs in (npm start).
  smtp.removeAllListeners("error");
  smtp.on("error", () => {});
  let web: Server | null = null;
  let webUrl: string | null = null;
  if (webPort !== null) {
    web = createServer((req, res) => {
      if (req.url === "/messages.json") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messages));
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(messages));
    });
    const server = web;
    const at = await new Promise<number>((resolve) =>
      server.listen(webPort, "127.0.0.1", () => {
        const address = server.address();
        resolve(typeof address === "object" && address ? address.port : webPort);
      }),
    );
    webUrl = `http://127.0.0.1:${at}`;
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpAt}`,
    webUrl,
    messages,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (web) await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}
