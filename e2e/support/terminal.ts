import { expect, type Page } from "@playwright/test";
import { openForm } from "./forms";
import { sandboxRequests } from "./sandbox";

// The virtual terminal's steps the terminal specs share, and the charge body the sandbox heard.

export type Body = Record<string, Record<string, unknown> & { data?: unknown }>;

export async function heard(reference: string): Promise<Body> {
  const all = await sandboxRequests("/v1/charges");
  const hit = all.reverse().find((r) => (r.body.transaction as { reference?: string })?.reference === reference);
  expect(hit, `the sandbox heard ${reference}`).toBeTruthy();
  return hit!.body as Body;
}

export async function openSection(page: Page, name: string) {
  const button = page.getByRole("button", { name, exact: true });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
}

export async function start(page: Page, o: { amount: string; currency: string; method: string; reference: string }) {
  await openForm(page, "/terminal");
  await page.getByLabel("Amount", { exact: true }).fill(o.amount);
  await page.getByLabel("Currency").selectOption(o.currency);
  await page.getByLabel("Payment method").selectOption(o.method);
  await page.getByLabel("Reference (optional, generated when empty)").fill(o.reference);
}
