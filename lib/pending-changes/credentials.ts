import "server-only";
import { z } from "zod";
import { secretsKeyring } from "@/lib/platform/config";
import { openText, sealToText } from "@/lib/platform/secrets/crypto";
import { Invalid } from "@/lib/platform/errors";
import type { Actor } from "@/lib/platform/auth/actor";
import type { Decided } from "@/lib/platform/audit/log";
import { CREDENTIALS, type CredentialName, setCredential } from "@/lib/settings/credentials";
import {
  assertDestination,
  type ChatChannelInput,
  removeChatChannel,
  setChatChannel,
} from "@/lib/notifications/chat-channels";
import { chatChannelSchema } from "@/lib/notifications/schemas";
import type { ChatTeam } from "@/lib/notifications/kinds";
import { gate } from "./store";

// Credentials under the two-admin rule (issue 48, item 3): whoever holds the webhook secret signs
// the provider's notifications, the private key moves money, the customs token declares, a chat
// URL receives every alert. Once the merchant has had two admins, replacing or removing any of
// them waits for the other admin, as any loosening does; with one admin ever, it applies at once
// (audited single_admin). The value waits sealed in the pending row (AES-GCM, bound to the
// change's kind and target), never shown, and is opened only to apply it.

const sealedName = (kind: string, target: string) => `pending-change/${kind}/${target}`;
const sealedPayload = z.object({ sealed: z.string() });

function unseal(kind: string, target: string, payload: unknown): string {
  const parsed = sealedPayload.safeParse(payload);
  if (!parsed.success)
    throw new Invalid("This change no longer passes the console's checks. Reject it and ask again.", "no_longer_valid");
  return openText(parsed.data.sealed, sealedName(kind, target), secretsKeyring());
}

export async function requestCredentialSet(name: CredentialName, input: { value: string }, actor: Actor) {
  const request = {
    kind: "settings.credential" as const,
    targetId: name,
    payload: { sealed: sealToText(input.value, sealedName("settings.credential", name), secretsKeyring()) },
    lines: [`Replace the ${CREDENTIALS[name].label.toLowerCase()}`],
    loosens: true,
  };
  return gate(request, actor, (decided) => setCredential(name, input, actor, decided));
}

export async function requestChatSet(team: ChatTeam, input: ChatChannelInput, actor: Actor) {
  // Checked now, so a refused address never waits; and again when it is applied.
  await assertDestination(input.url);
  const request = {
    kind: "settings.chat" as const,
    targetId: team,
    payload: { sealed: sealToText(JSON.stringify(input), sealedName("settings.chat", team), secretsKeyring()) },
    lines: [`Chat channel of the ${team} team → ${input.format} at ${new URL(input.url).host}`],
    loosens: true,
  };
  return gate(request, actor, (decided) => setChatChannel(team, input, actor, {}, decided));
}

export async function requestChatRemove(team: ChatTeam, actor: Actor) {
  const request = {
    kind: "settings.chat_remove" as const,
    targetId: team,
    payload: {},
    lines: [`Remove the chat channel of the ${team} team`],
    loosens: true,
  };
  return gate(request, actor, (decided) => removeChatChannel(team, actor, decided));
}

type Row = { kind: string; targetId: string | null; payload: unknown };

/** Applies an approved credential change (lib/pending-changes/approve.ts). */
export const applyCredentialChange = {
  "settings.credential": async (row: Row, actor: Actor, decided: Decided) => {
    const name = z.enum(Object.keys(CREDENTIALS) as [CredentialName]).parse(row.targetId);
    await setCredential(name, { value: unseal(row.kind, name, row.payload) }, actor, decided);
    return { credential: name };
  },
  "settings.chat": async (row: Row, actor: Actor, decided: Decided) => {
    const team = row.targetId as ChatTeam;
    const input = chatChannelSchema.parse(JSON.parse(unseal(row.kind, team, row.payload)));
    return { chat: await setChatChannel(team, input, actor, {}, decided) };
  },
  "settings.chat_remove": async (row: Row, actor: Actor, decided: Decided) => ({
    chat: await removeChatChannel(row.targetId as ChatTeam, actor, decided),
  }),
};
