import { getTranslations } from "@/lib/platform/i18n/server";
import { AccountTabs } from "@/components/shell/account-tabs";
import { SectionMessages } from "@/components/section-messages";

// The account pages share a row of tabs: security, password, and language and time zone.
// Every page checks the session itself (open to an incomplete account).
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const t = await getTranslations("account");
  return (
    <div className="space-y-4">
      <AccountTabs
        label={t("nav.label")}
        items={[
          { href: "/account/security", label: t("nav.security") },
          { href: "/account/password", label: t("nav.password") },
          { href: "/account/preferences", label: t("nav.preferences") },
        ]}
      />
      <SectionMessages namespaces={["common", "account", "validation"]}>{children}</SectionMessages>
    </div>
  );
}
