import "server-only";
import { Invalid } from "@/lib/platform/errors";
import type { Actor } from "@/lib/platform/auth/actor";
import type { Decided } from "@/lib/platform/audit/log";
import {
  ssoPolicySchema,
  ssoProviderSchema,
  type SsoPolicy,
  type SsoProviderInput,
  checkPolicy,
  policyChange,
  setSsoPolicy,
  setSsoProvider,
} from "@/lib/sso";
import { type Row, seal, unseal } from "./credentials";
import { gate } from "./store";

// SSO under the two-admin rule: the provider always (sealed), the policy when it loosens.

const TARGET = "sso";
const noLongerValid = () =>
  new Invalid("This change no longer passes the console's checks. Reject it and ask again.", "no_longer_valid");

export async function requestSsoProvider(input: SsoProviderInput, actor: Actor) {
  const request = {
    kind: "settings.sso_provider" as const,
    targetId: TARGET,
    payload: seal(JSON.stringify(input), "settings.sso_provider", TARGET),
    lines: [`Single sign-on provider → ${input.issuer} (client ${input.clientId}), with a new client secret`],
    loosens: true,
  };
  return gate(request, actor, (decided) => setSsoProvider(input, actor, decided));
}

export async function requestSsoPolicy(policy: SsoPolicy, actor: Actor) {
  // Checked now, so a policy that cannot work never waits; and again when it is applied.
  await checkPolicy(policy);
  const { loosening } = await policyChange(policy);
  const request = {
    kind: "settings.sso_policy" as const,
    targetId: TARGET,
    payload: policy,
    lines: loosening.length ? loosening : [`Single sign-on: ${policy.mode}`],
    loosens: loosening.length > 0,
  };
  return gate(request, actor, (decided) => setSsoPolicy(policy, actor, decided));
}

export const applySsoChange = {
  "settings.sso_provider": async (row: Row, actor: Actor, decided: Decided) => {
    const parsed = ssoProviderSchema.safeParse(JSON.parse(unseal(row, TARGET)));
    if (!parsed.success) throw noLongerValid();
    await setSsoProvider(parsed.data, actor, decided);
    return { sso: "provider" };
  },
  "settings.sso_policy": async (row: Row, actor: Actor, decided: Decided) => {
    const parsed = ssoPolicySchema.safeParse(row.payload);
    if (!parsed.success) throw noLongerValid();
    await setSsoPolicy(parsed.data, actor, decided);
    return { sso: "policy" };
  },
};
