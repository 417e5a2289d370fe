import "server-only";
import { db } from "@/lib/platform/db";
import { Invalid } from "@/lib/platform/errors";
import { audit, type Decided } from "@/lib/platform/audit/log";
import { translatorFor } from "@/lib/platform/i18n/translator";
import { getSettings } from "@/lib/platform/settings/service";
import type { Actor } from "@/lib/platform/auth/actor";
import { guardedConnector, guardsOutbound, internalDestinationReason, type Resolver } from "@/lib/platform/http/ssrf";
import { Agent, fetch as undiciFetch } from "undici";
import { config } from "@/lib/platform/config";
import { openColumns, sealColumns } from "@/lib/platform/secrets/store";
import { mailConfigured } from "@/lib/platform/mail/transport";
import { chatBody, chatRefusal, signedDingTalkUrl, type ChatMessage } from "./chat-format";
import { CHAT_TEAMS, type ChatFormat, type ChatTeam } from "./kinds";
import { recordTransport, transportHealth } from "./transports";

// A team channel's incoming-webhook URL is a bearer secret (whoever has it posts to the room).

export const chatSecretName = (team: ChatTeam, part: "url" | "sign") => `chat.${team}.${part}`;

type UrlMeta = { format: ChatFormat; hint: string };

/** What Settings shows of a URL: its host and last four characters. */
export function urlHint(url: string): string {
  const { host } = new URL(url);
  return `${host} …${url.slice(-4)}`;
}

export type ChatChannel = { team: ChatTeam; format: ChatFormat; url: string; secret: string | null };

/** A channel with its opened URL (and DingTalk secret), or null when none is set. Never log or return it. */
export async function readChatChannel(team: ChatTeam): Promise<ChatChannel | null> {
  const rows = await db.secret.findMany({
    where: { name: { in: [chatSecretName(team, "url"), chatSecretName(team, "sign")] } },
  });
  const url = rows.find((r) => r.name === chatSecretName(team, "url"));
  if (!url) return null;
  const sign = rows.find((r) => r.name === chatSecretName(team, "sign"));
  return {
    team,
    format: (url.meta as UrlMeta).format,
    url: openColumns(url, url.name),
    secret: sign ? openColumns(sign, sign.name) : null,
  };
}

/** Each channel as Settings shows it, with how its last message went, and SMTP's. */
export async function chatChannelsStatus() {
  const [rows, health] = await Promise.all([
    db.secret.findMany({
      where: { name: { startsWith: "chat." } },
      select: { name: true, meta: true, updatedAt: true, updatedBy: true },
    }),
    transportHealth(),
  ]);
  const channels = CHAT_TEAMS.map((team) => {
    const url = rows.find((r) => r.name === chatSecretName(team, "url"));
    const meta = url?.meta as UrlMeta | undefined;
    return {
      team,
      set: !!url,
      format: meta?.format ?? null,
      hint: meta?.hint ?? null,
      signed: rows.some((r) => r.name === chatSecretName(team, "sign")),
      updatedAt: url?.updatedAt.toISOString() ?? null,
      updatedBy: url?.updatedBy ?? null,
      last: health[`chat.${team}`] ?? null,
    };
  });
  return { channels, email: { configured: mailConfigured(), last: health.email ?? null } };
}
export type ChatChannelsStatus = Awaited<ReturnType<typeof chatChannelsStatus>>;

type Guard = { production?: boolean; allowInternal?: boolean; resolve?: Resolver };

/** Where a chat URL may point (issue 48, item 9), in every mode. */
export async function assertDestination(url: string, guard: Guard = {}) {
  const parsed = new URL(url);
  if (parsed.username || parsed.password)
    throw new Invalid(
      "Chat URL: remove the user name and password from the address. A chat service's webhook address carries its key in the path or query.",
      "chat_url_credentials",
    );
  const production = guard.production ?? guardsOutbound();
  if (!(guard.allowInternal ?? (config().chatAllowInternal && !production))) {
    const reason = await internalDestinationReason(url, guard.resolve);
    if (reason)
      throw new Invalid(
        `Chat URL: this address cannot be used because ${reason}. Enter the chat service's public address.`,
        "internal_address",
      );
  }
  if (production && parsed.protocol !== "https:")
    throw new Invalid("Chat URL: in production the address must start with https://.", "https_required");
}

let chatAgent: Agent | undefined;
const chatFetch = ((input: string | URL, init?: RequestInit) => {
  chatAgent ??= new Agent({ connect: guardedConnector({ isProduction: () => !config().chatAllowInternal }) });
  return undiciFetch(input, { ...(init as object), dispatcher: chatAgent });
}) as unknown as typeof fetch;

export type ChatChannelInput = { format: ChatFormat; url: string; secret?: string };

/** Sets or repoints a team channel (the route asks for step-up). */
export async function setChatChannel(
  team: ChatTeam,
  input: ChatChannelInput,
  actor: Actor,
  guard: Guard = {},
  decided: Decided = {},
) {
  await assertDestination(input.url, guard);
  const by = actor.user.email;
  const urlName = chatSecretName(team, "url");
  const signName = chatSecretName(team, "sign");
  const url = {
    ...sealColumns(input.url, urlName),
    meta: { format: input.format, hint: urlHint(input.url) },
    updatedBy: by,
  };
  const sign =
    input.format === "dingtalk" && input.secret ? { ...sealColumns(input.secret, signName), updatedBy: by } : null;
  await db.$transaction(async (tx) => {
    await decided.within?.(tx);
    await tx.secret.upsert({ where: { name: urlName }, create: { name: urlName, ...url }, update: url });
    if (sign) await tx.secret.upsert({ where: { name: signName }, create: { name: signName, ...sign }, update: sign });
    if (input.format !== "dingtalk") await tx.secret.deleteMany({ where: { name: signName } });
    await audit(
      {
        actor,
        action: "settings.chat.set",
        result: "ok",
        reason: decided.reason,
        targetType: "chat_channel",
        targetId: team,
        detail: { format: input.format, host: new URL(input.url).host, signed: !!sign },
      },
      tx,
    );
  });
  return chatChannelsStatus();
}

/** Removes a team's channel (its events then reach that team by e-mail and the bell only). */
export async function removeChatChannel(team: ChatTeam, actor: Actor, decided: Decided = {}) {
  await db.$transaction(async (tx) => {
    await decided.within?.(tx);
    await tx.secret.deleteMany({
      where: { name: { in: [chatSecretName(team, "url"), chatSecretName(team, "sign")] } },
    });
    await audit(
      {
        actor,
        action: "settings.chat.remove",
        result: "ok",
        reason: decided.reason,
        targetType: "chat_channel",
        targetId: team,
      },
      tx,
    );
  });
  return chatChannelsStatus();
}

const TIMEOUT_MS = 10_000;

/** Posts one message to a channel; throws with the receiver's or the connection's reason. */
export async function postChat(channel: ChatChannel, message: ChatMessage, fetcher: typeof fetch = chatFetch) {
  const url =
    channel.format === "dingtalk" && channel.secret ? signedDingTalkUrl(channel.url, channel.secret) : channel.url;
  let res: Response;
  try {
    res = await fetcher(url, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(chatBody(channel.format, message)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
    });
  } catch (error) {
    throw new Error(connectionReason(error));
  }
  const refusal = chatRefusal(res.status, await res.text().catch(() => ""));
  if (refusal) throw new Error(refusal);
}

function connectionReason(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error && cause.name === "TimeoutError") return `no answer within ${TIMEOUT_MS / 1000} s`;
  const text = cause instanceof Error ? cause.message : String(cause);
  return text.replace(/https?:\/\/[^/\s]+[^\s]*/g, (u) => u.replace(/^(https?:\/\/[^/\s]+).*$/, "$1/…")).slice(0, 300);
}

/** "Send test message": one message to the channel now. */
export async function sendTestMessage(team: ChatTeam, actor: Actor, post = postChat) {
  const channel = await readChatChannel(team);
  if (!channel) throw new Invalid("Set this channel's URL first.", "chat_not_set");
  const settings = await getSettings();
  const prefs = { locale: settings.defaultLocale, timeZone: settings.defaultTimeZone };
  const t = translatorFor(prefs, "notifications");
  const teamName = translatorFor(prefs, "settings")(`chat.teams.${team}`);
  const url = settings.publicUrl ? new URL("/settings", settings.publicUrl).toString() : null;
  let error: string | null = null;
  try {
    await post(channel, {
      title: t("chat.test.subject"),
      text: t("chat.test.body", { team: teamName, by: actor.user.email }),
      link: url ? { url, label: t("chat.open") } : null,
    });
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  await recordTransport(`chat.${team}`, { ok: error ? 0 : 1, error });
  await audit({
    actor,
    action: "settings.chat.test",
    result: error ? "failed" : "ok",
    targetType: "chat_channel",
    targetId: team,
    ...(error ? { reason: error } : {}),
  });
  return { ok: !error, error, ...(await chatChannelsStatus()) };
}
