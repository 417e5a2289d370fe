"use client";

import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";

// No input can crash the page: a render error inside a form is caught here and said in words.
// The form's values live in its react-hook-form store, above this boundary (kit-form.tsx), so
// "Show the form again" brings back every field as it was typed.

type State = { error: Error | null };

export class FormBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("form render error", error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <FormCrash onRetry={() => this.setState({ error: null })} />;
  }
}

/** What a crashed form says (a function component: the words come from the catalog's hook). */
function FormCrash({ onRetry }: { onRetry: () => void }) {
  const t = useTranslations("validation.form");
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900"
      data-testid="form-crash"
    >
      <p className="font-medium">{t("crashTitle")}</p>
      <p className="mt-1">{t("crashBody")}</p>
      <button
        type="button"
        className="mt-3 rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium hover:bg-red-100"
        onClick={onRetry}
      >
        {t("crashRetry")}
      </button>
    </div>
  );
}
