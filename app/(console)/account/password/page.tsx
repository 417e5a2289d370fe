import { requirePageUser } from "@/lib/platform/auth/session";
import { Notice } from "@/components/ui/notice";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { PasswordForm } from "./password-form";
import { PageHeader } from "@/components/ui/page-header";

export const generateMetadata = titled("account", "password.title");

export default async function PasswordPage() {
  const user = await requirePageUser(undefined, { incomplete: true });
  const t = await getTranslations("account");
  return (
    <div className="max-w-md space-y-4">
      <PageHeader title={t("password.title")}>{t("password.intro")}</PageHeader>
      {user.mustChangePassword && (
        <Notice tone="warning" testId="password-required">
          {t("password.required")}
        </Notice>
      )}
      <PasswordForm />
    </div>
  );
}
