import "server-only";
import { db } from "@/lib/platform/db";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import { can } from "@/lib/platform/auth/permissions";
import type { Actor, StaffUser } from "@/lib/platform/auth/actor";
import { type ListId, listPage } from "@/lib/platform/pages";
import { viewHref } from "./lists";
import type { SaveViewInput } from "./schemas";

/** Enough for any person's habits; a bound so one account cannot fill the table. */
export const MAX_VIEWS_PER_LIST = 50;

type Row = { id: string; list: string; name: string; query: string; createdAt: Date };
const view = (r: Row) => ({
  id: r.id,
  list: r.list,
  name: r.name,
  query: r.query,
  href: viewHref(r.list as ListId, r.query),
  createdAt: r.createdAt.toISOString(),
});
export type SavedView = ReturnType<typeof view>;

function mayRead(user: StaffUser, list: ListId) {
  if (!can(user, listPage(list).permission)) throw new Forbidden("You cannot open this list.");
}

/** The caller's own views of a list, by name. Nobody sees another person's views. */
export async function listViews(user: StaffUser, list: ListId) {
  mayRead(user, list);
  const rows = await db.savedView.findMany({ where: { userId: user.id, list }, orderBy: { name: "asc" } });
  return rows.map(view);
}

/** Saves the filters under a name; the same name again replaces that view's filters. */
export async function saveView(input: SaveViewInput, actor: Actor<StaffUser>) {
  mayRead(actor.user, input.list);
  const where = { userId_list_name: { userId: actor.user.id, list: input.list, name: input.name } };
  const exists = await db.savedView.findUnique({ where, select: { id: true } });
  if (
    !exists &&
    (await db.savedView.count({ where: { userId: actor.user.id, list: input.list } })) >= MAX_VIEWS_PER_LIST
  )
    throw new Invalid(`You have ${MAX_VIEWS_PER_LIST} views of this list: delete one first.`, "too_many_views");
  const row = await db.savedView.upsert({
    where,
    create: { userId: actor.user.id, list: input.list, name: input.name, query: input.query },
    update: { query: input.query },
  });
  await audit({ actor, action: "view.save", targetType: "saved_view", targetId: row.id, result: "ok" });
  return view(row);
}

/** Renames one of the caller's views; a name another of their views of the list has is refused (409). */
export async function renameView(id: string, name: string, actor: Actor<StaffUser>) {
  // One write, answering the row: the unique (user, list, name) is the database's, no read to race.
  const row = await db.savedView.update({ where: { id, userId: actor.user.id }, data: { name } }).catch((e) => {
    const code = (e as { code?: string }).code;
    if (code === "P2002") throw new Conflict("Another of your views of this list has that name.", "view_name_taken");
    if (code === "P2025") throw new NotFound("No such view of yours.");
    throw e;
  });
  await audit({ actor, action: "view.rename", targetType: "saved_view", targetId: id, result: "ok" });
  return view(row);
}

/** Deletes one of the caller's views; another person's view is "not found", never revealed. */
export async function deleteView(id: string, actor: Actor<StaffUser>) {
  const { count } = await db.savedView.deleteMany({ where: { id, userId: actor.user.id } });
  if (!count) throw new NotFound("No such view of yours.");
  await audit({ actor, action: "view.delete", targetType: "saved_view", targetId: id, result: "ok" });
}
