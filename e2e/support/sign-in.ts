import { expect, type Page } from "@playwright/test";
import { PASSWORD } from "./users";

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signInOk(page: Page, email: string, password = PASSWORD) {
  await signIn(page, email, password);
  await expect(page.getByTestId("current-user")).toBeVisible();
}
