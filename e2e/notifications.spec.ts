import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { charge, refund } from "./support/money";
import { stepUpApi } from "./support/sign-in";
import { createUser, ROLE_USERS, sql, storageStateFor } from "./support/users";

// Issue 35: a refund over the threshold tells every manager once by e-mail (in their language)
// and once in the console; approving it tells its requester once. The e-mail goes to the real
// SMTP server npm test runs on loopback (scripts/lib/mail-sink.ts), read here from its page.

type Caught = { envelopeTo: string[]; subject: string; text: string };
const mailbox = async (): Promise<Caught[]> => {
  const url = process.env.MAIL_SINK_URL;
  if (!url) throw new Error("MAIL_SINK_URL is not set (run the end-to-end tests through `npm test`)");
  return (await fetch(`${url}/messages.json`)).json() as Promise<Caught[]>;
};
const mailsAbout = async (chargeId: string, email: string) =>
  (await mailbox()).filter((m) => m.envelopeTo.includes(email) && m.text.includes(chargeId));

test.use({ storageState: storageStateFor("finance") });

test("a held refund tells each manager once by e-mail and in the console; approving it tells the requester", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A second manager who reads Chinese.
  const zh = await createUser("manager", "zh-manager");
  await sql("UPDATE users SET locale = 'zh-CN', time_zone = 'Asia/Shanghai' WHERE id = $1", [zh.id]);

  const id = await charge(request, baseURL!, { amount: 100_000, capture: 100_000 });
  const asked = await refund(request, baseURL!, id, randomUUID(), 60_000);
  expect(asked.status(), await asked.text()).toBe(201);
  const { operation } = (await asked.json()) as { operation: { id: string; status: string } };
  expect(operation.status).toBe("pending_approval");

  const managers = await sql<{ id: string; email: string }>(
    "SELECT id::text, email FROM users WHERE role = 'manager' AND NOT disabled",
  );
  expect(managers.map((m) => m.email)).toEqual(expect.arrayContaining([ROLE_USERS.manager.email, zh.email]));
  for (const m of managers)
    await expect.poll(async () => (await mailsAbout(id, m.email)).length, { timeout: 30_000 }).toBe(1);
  const [chinese] = await mailsAbout(id, zh.email);
  expect(chinese!.subject).toBe("一笔 US$600.00 的退款等待您审批");
  const [english] = await mailsAbout(id, ROLE_USERS.manager.email);
  expect(english!.subject).toBe("A refund of $600.00 waits for your approval");
  expect(english!.text).toContain(`${baseURL}/approvals`);
  expect(await mailsAbout(id, ROLE_USERS.finance.email)).toEqual([]);

  // One console notification each, and the requester none.
  const consoleRows = (userId: string) =>
    sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM notification_deliveries d JOIN notification_events e ON e.id = d.event_id
        WHERE d.user_id = $1 AND d.channel = 'console' AND e.params->>'charge' = $2`,
      [userId, id],
    ).then(([r]) => Number(r!.n));
  for (const m of managers) expect(await consoleRows(m.id)).toBe(1);

  const managerContext = await browser.newContext({ storageState: storageStateFor("manager"), baseURL });
  const manager = await managerContext.newPage();
  await manager.goto("/");
  const bell = manager.getByTestId("notification-bell");
  await expect(bell).not.toHaveAttribute("data-unread", "0");
  await bell.click();
  await expect(manager).toHaveURL(/\/notifications$/);
  const item = manager.getByTestId("notification").filter({ hasText: id });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("A refund of $600.00 waits for your approval");
  await expect(item.getByRole("link", { name: "Open" })).toHaveAttribute("href", "/approvals");

  await stepUpApi(managerContext.request, baseURL!, ROLE_USERS.manager.email);
  const approved = await managerContext.request.post(`/api/operations/${operation.id}/approve`, {
    headers: { Origin: baseURL! },
    data: { comment: "Checked" },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await managerContext.close();

  await expect
    .poll(async () => (await mailsAbout(id, ROLE_USERS.finance.email)).map((m) => m.subject), { timeout: 30_000 })
    .toEqual(["Your refund of $600.00 was approved"]);
  for (const m of managers) expect(await mailsAbout(id, m.email)).toHaveLength(1);

  // The requester's centre: the approval, once, and marking it read empties the bell of it.
  await page.goto("/notifications");
  const mine = page.getByTestId("notification").filter({ hasText: id });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Your refund of $600.00 was approved");
  await expect(mine.locator("[data-read]")).toHaveAttribute("data-read", "false");
  await mine.getByRole("button", { name: "Mark read" }).click();
  await expect(mine.locator("[data-read]")).toHaveAttribute("data-read", "true");
  // Unread only, from the URL through the list's route: the one just read is not among them.
  await page.getByLabel("Show").selectOption("unread");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/\/notifications\?show=unread$/);
  await expect(page.getByTestId("notifications")).toBeVisible();
  await expect(page.getByTestId("notification").filter({ hasText: id })).toHaveCount(0);
  await page.goto("/notifications?kind=refundApproved");
  await expect(page.getByTestId("notification").filter({ hasText: id })).toHaveCount(1);
  await page.goto("/notifications?kind=nothing");
  await expect(page.getByTestId("filter-issue-kind")).toHaveText(
    "“nothing” is not a value this filter takes, so the list ignores it",
  );
});
