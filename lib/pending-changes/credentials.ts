import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { secretsKeyring } from "@/lib/platform/config";
import { openText, sealToText } from "@/lib/platform/secrets/crypto";
import { Invalid } from "@/lib/platform/errors";
import type { Actor } from "@/lib/platform/auth/actor";
import type { Decided } from "@/lib/platform/audit/log";
import { CREDENTIALS, type CredentialName, setCredential } from "@/lib/settings";
import {
  assertDestination,
  type ChatChannelInput,
  removeChatChannel,
  setChatChannel,
  chatChannelSchema,
  type ChatTeam,
} from "@/lib/notifications";
import { keyed } from "@/lib/platform/keyed";
import { gate } from "./store";

// Credentials under the two-admin rule (issue 48, item 3): the value waits sealed in the pending row.

const sealedName = (id: string, kind: string, target: string) => `pending-change/${id}/${kind}/${target}`;
const sealedPayload = z.object({ sealed: z.string() });
export const seal = (value: string, kind: string, target: string) => (id: string) => ({
  sealed: sealToText(value, sealedName(id, kind, target), secretsKeyring()),
});
const noLongerValid = () =>
  new Invalid("This change no longer passes the console's checks. Reject it and ask again.", "no_longer_valid");

export function unseal(row: Row, target: string): string {
  const parsed = sealedPayload.safeParse(row.payload);
  if (!parsed.success) throw noLongerValid();
  try {
    return openText(parsed.data.sealed, sealedName(row.id, row.kind, target), secretsKeyring());
  } catch {
    throw noLongerValid(); // sealed for another change, or altered: nothing to apply
  }
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const fingerprintOf = (url: string) => createHash("sha256").update(url).digest("hex").slice(0, 8);

export async function requestCredentialSet(name: CredentialName, input: { value: string }, actor: Actor) {
  const request = {
    kind: "settings.credential" as const,
    targetId: name,
    payload: seal(input.value, "settings.credential", name),
    lines: [keyed("common.pending.line.credential", { credentialKey: `settings.credentials.names.${camel(name)}` })],
    loosens: true,
  };
  return gate(request, actor, (decided) => setCredential(name, input, actor, decided));
}

export async function requestChatSet(team: ChatTeam, input: ChatChannelInput, actor: Actor) {
  await assertDestination(input.url);
  const request = {
    kind: "settings.chat_set" as const,
    targetId: team,
    payload: seal(JSON.stringify(input), "settings.chat_set", team),
    lines: [
      keyed("common.pending.line.chatSet", {
        teamKey: `settings.chat.teams.${team}`,
        formatKey: `settings.chat.formats.${input.format}`,
        host: new URL(input.url).host,
        fingerprint: fingerprintOf(input.url),
      }),
    ],
    loosens: true,
  };
  return gate(request, actor, (decided) => setChatChannel(team, input, actor, {}, decided));
}

export async function requestChatRemove(team: ChatTeam, actor: Actor) {
  const request = {
    kind: "settings.chat_remove" as const,
    targetId: team,
    payload: {},
    lines: [keyed("common.pending.line.chatRemove", { teamKey: `settings.chat.teams.${team}` })],
    loosens: true,
  };
  return gate(request, actor, (decided) => removeChatChannel(team, actor, decided));
}

export type Row = { id: string; kind: string; targetId: string | null; payload: unknown };

/** Applies an approved credential change (lib/pending-changes/approve.ts). */
export const applyCredentialChange = {
  "settings.credential": async (row: Row, actor: Actor, decided: Decided) => {
    const name = z.enum(Object.keys(CREDENTIALS) as [CredentialName]).safeParse(row.targetId);
    if (!name.success) throw noLongerValid();
    await setCredential(name.data, { value: unseal(row, name.data) }, actor, decided);
    return { credential: name.data };
  },
  "settings.chat_set": async (row: Row, actor: Actor, decided: Decided) => {
    const team = row.targetId as ChatTeam;
    const input = chatChannelSchema.safeParse(JSON.parse(unseal(row, team)));
    if (!input.success) throw noLongerValid();
    return { chat: await setChatChannel(team, input.data, actor, {}, decided) };
  },
  "settings.chat_remove": async (row: Row, actor: Actor, decided: Decided) => ({
    chat: await removeChatChannel(row.targetId as ChatTeam, actor, decided),
  }),
};
