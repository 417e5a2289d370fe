import "server-only";
import { db } from "@/lib/platform/db";
import { log } from "@/lib/platform/log";
import { getSettings } from "@/lib/platform/settings/service";
import type { Preferences } from "@/lib/platform/i18n/translator";
import { postChat, readChatChannel, type ChatChannel } from "./chat-channels";
import type { ChatMessage } from "./chat-format";
import { attemptData, claimDue, claimedRow, reasonOf, type Claimed } from "./claim";
import { CHAT_TEAMS, type ChatTeam } from "./kinds";
import { renderChat } from "./render";
import { recordTransport } from "./transports";

export type Post = (channel: ChatChannel, message: ChatMessage) => Promise<void>;

const isTeam = (team: string): team is ChatTeam => (CHAT_TEAMS as readonly string[]).includes(team);

type Outcome = { team: string; error: string | null };

async function deliverOne(claim: Claimed, post: Post, ctx: Context): Promise<Outcome | null> {
  const row = await db.notificationChatDelivery.findUnique({ where: { id: claim.id }, include: { event: true } });
  if (!row) return null;
  const channel = isTeam(row.team) ? await ctx.channel(row.team) : null;
  if (!channel) {
    await db.notificationChatDelivery.updateMany({
      where: claimedRow(claim),
      data: attemptData(claim, "channel removed", true),
    });
    return null;
  }
  let error: string | null = null;
  try {
    await post(channel, renderChat(row.event, ctx.prefs, ctx.baseUrl));
  } catch (e) {
    error = reasonOf(e);
    log.warn(`[notifications] chat ${row.id} (${row.team}) attempt ${claim.attempts} failed: ${error}`);
  }
  await db.notificationChatDelivery.updateMany({ where: claimedRow(claim), data: attemptData(claim, error) });
  return { team: row.team, error };
}

type Context = {
  prefs: Preferences;
  baseUrl: string;
  channel: (team: ChatTeam) => Promise<ChatChannel | null>;
};

/** Posts what is due, batch after batch, until nothing is; returns how many rows were tried. */
export async function deliverChatDue(post: Post = (channel, message) => postChat(channel, message)): Promise<number> {
  const settings = await getSettings();
  const opened = new Map<ChatTeam, Promise<ChatChannel | null>>();
  const ctx: Context = {
    prefs: { locale: settings.defaultLocale, timeZone: settings.defaultTimeZone },
    baseUrl: settings.publicUrl,
    channel: (team) => {
      if (!opened.has(team)) opened.set(team, readChatChannel(team));
      return opened.get(team)!;
    },
  };
  let tried = 0;
  for (;;) {
    const claims = await claimDue("chat");
    if (!claims.length) return tried;
    tried += claims.length;
    const outcomes = (await Promise.all(claims.map((claim) => deliverOne(claim, post, ctx)))).filter(
      (o): o is Outcome => o !== null,
    );
    for (const team of new Set(outcomes.map((o) => o.team))) {
      const mine = outcomes.filter((o) => o.team === team);
      await recordTransport(`chat.${team}`, {
        ok: mine.filter((o) => o.error === null).length,
        error: mine.findLast((o) => o.error !== null)?.error ?? null,
      });
    }
  }
}
