import { SectionLoading } from "@/components/shell/section-loading";

export default function UsersLoading() {
  return <SectionLoading what="users" />;
}
