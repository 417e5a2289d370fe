"use client";

import { SelectInput, TextInput } from "@/components/form/inputs";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { Button } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";
import { CHAT_FORMATS, type ChatFormat, type ChatTeam } from "@/lib/notifications/kinds";
import type { ChatChannelForm } from "@/lib/notifications/schemas";

// One team channel's "paste the bot's URL" form: the server's schema checks it first, a
// problem shows under its field. The stored URL is never filled in (it is never sent back).

export function ChatChannelFormRow({
  team,
  format,
  set,
  busy,
  onSave,
}: {
  team: ChatTeam;
  format: ChatFormat | null;
  set: boolean;
  busy: boolean;
  onSave: (value: ChatChannelForm) => Promise<unknown>;
}) {
  const t = useTranslations("settings");
  const form = useKitForm<ChatChannelForm, ChatChannelForm>({
    schema: () => import("@/lib/notifications/schemas").then((m) => () => m.chatChannelSchema as never),
    defaultValues: { format: format ?? "slack", url: "", secret: "" },
  });
  const chosen = form.watch("format");
  return (
    <KitForm
      form={form}
      onValid={(value) =>
        onSave(value).then(
          () => form.reset({ format: value.format, url: "", secret: "" }),
          (e: Error) => applyServerErrors(form, e),
        )
      }
      className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start"
      data-testid={`chat-form-${team}`}
    >
      <SelectInput name="format" id={`chat-${team}-format`} label={t("chat.format")}>
        {CHAT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {t(`chat.formats.${f}`)}
          </option>
        ))}
      </SelectInput>
      <div className="grid gap-3">
        <TextInput
          name="url"
          id={`chat-${team}-url`}
          label={t("chat.url")}
          type="password"
          autoComplete="off"
          placeholder={t("chat.urlPlaceholder")}
        />
        {chosen === "dingtalk" && (
          <TextInput
            name="secret"
            id={`chat-${team}-secret`}
            label={t("chat.secret")}
            type="password"
            autoComplete="off"
            placeholder={set ? t("chat.secretKept") : undefined}
          />
        )}
      </div>
      <Button type="submit" disabled={busy} className="sm:mt-6">
        {set ? t("chat.repoint") : t("chat.save")}
      </Button>
    </KitForm>
  );
}
