import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/platform/config";

// The one way out for e-mail: nodemailer over SMTP_URL.

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
};

const globalForMail = globalThis as unknown as { mailer?: { url: string; transport: Transporter } };

function transportFor(url: string): Transporter {
  if (globalForMail.mailer?.url !== url) {
    globalForMail.mailer?.transport.close();
    const transport = nodemailer.createTransport(url, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    globalForMail.mailer = { url, transport };
  }
  return globalForMail.mailer.transport;
}

/** Whether e-mail can be sent at all (SMTP_URL set). */
export const mailConfigured = () => !!config().mail.smtpUrl;

/** Sends one message; throws what the server or the connection said. `smtpUrl` overrides the configured one (tests). */
export async function sendMail(mail: Mail, smtpUrl = config().mail.smtpUrl): Promise<void> {
  if (!smtpUrl) throw new Error("SMTP_URL is not set");
  await transportFor(smtpUrl).sendMail({
    from: config().mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
  });
}
