import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startChatSink, type ChatSink } from "../scripts/lib/chat-sink";
import { charge, refund } from "./support/money";
import { answerStepUp } from "./support/sign-in";
import { ROLE_USERS, sql, storageStateFor } from "./support/users";

// Issue 35: an admin sets the managers' channel to a WeCom group bot on Settings (its URL is a
// bearer secret: step-up, shown only by its host and last characters); a refund over the
// threshold asked by finance reaches that room exactly once. The room is a real HTTP
// receiver on loopback in this process (scripts/lib/chat-sink.ts).

let sink: ChatSink;
test.beforeAll(async () => {
  sink = await startChatSink();
});
test.afterAll(async () => {
  // No other spec's events go to a receiver that is gone.
  await sql("DELETE FROM secrets WHERE name LIKE 'chat.%'");
  await sink.close();
});

test.use({ storageState: storageStateFor("admin") });

test("a WeCom managers' channel set on Settings gets one message for a held refund", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = `e2e-${randomUUID()}`;
  const url = `${sink.url}/cgi-bin/webhook/send?key=${token}`;

  await page.goto("/settings");
  const managers = page.getByTestId("chat-manager");
  await expect(managers).toContainText("Not set");
  await managers.getByLabel("Format").selectOption({ label: "WeCom group bot (企业微信)" });
  await managers.getByLabel("Incoming-webhook URL").fill(url);
  await managers.getByRole("button", { name: "Save", exact: true }).click();
  await answerStepUp(page, ROLE_USERS.admin.email, page.getByTestId("chat-message"));
  await expect(page.getByTestId("chat-message")).toHaveText("Managers' channel saved.");
  await expect(managers.getByTestId("chat-hint")).toHaveText(`${new URL(sink.url).host} …${token.slice(-4)}`);

  // The test message reaches the room, and shows as its last delivery.
  await managers.getByRole("button", { name: "Send test message" }).click();
  await expect(page.getByTestId("chat-message")).toHaveText("The test message reached Managers' channel.");
  await expect(managers).toContainText("Last delivered");
  expect(sink.messages).toHaveLength(1);

  await page.reload();
  expect(await page.content()).not.toContain(token);
  expect(JSON.stringify(await (await page.request.get("/api/settings/chat")).json())).not.toContain(token);

  // Finance asks for a refund over the threshold: it waits for a manager.
  const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
  const id = await charge(finance.request, baseURL!, { amount: 100_000, capture: 100_000 });
  const asked = await refund(finance.request, baseURL!, id, randomUUID(), 60_000);
  expect(asked.status(), await asked.text()).toBe(201);
  expect(((await asked.json()) as { operation: { status: string } }).operation.status).toBe("pending_approval");
  await finance.close();

  const about = () => sink.messages.filter((m) => JSON.stringify(m.body).includes(id) && m.query.key === token);
  await expect.poll(() => about().length, { timeout: 30_000 }).toBe(1);
  const [got] = about();
  expect(got!.path).toBe("/cgi-bin/webhook/send");
  const content = (got!.body as { msgtype: string; markdown: { content: string } }).markdown.content;
  expect((got!.body as { msgtype: string }).msgtype).toBe("markdown");
  expect(content).toContain("A refund of $600.00 waits for your approval");
  expect(content).toContain(`(${baseURL}/approvals)`);
  // Recorded once, sent; one row for the one channel set (no finance or ops room was).
  const rows = await sql<{ team: string; status: string }>(
    `SELECT c.team, c.status::text FROM notification_chat_deliveries c JOIN notification_events e ON e.id = c.event_id
      WHERE e.params->>'charge' = $1`,
    [id],
  );
  expect(rows).toEqual([{ team: "manager", status: "sent" }]);
  expect(about()).toHaveLength(1);
});
