import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { Notice } from "@/components/ui/notice";
import { PasswordForm } from "./password-form";

export const metadata: Metadata = { title: "Password" };

export default async function PasswordPage() {
  const user = await requirePageUser(undefined, { incomplete: true });
  return (
    <div className="max-w-md space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Password</h1>
        <p className="mt-1 text-slate-600">Changing it signs you out everywhere else.</p>
      </div>
      {user.mustChangePassword && (
        <Notice tone="warning" testId="password-required">
          Your password was set by an admin. Choose your own to continue.
        </Notice>
      )}
      <PasswordForm />
    </div>
  );
}
