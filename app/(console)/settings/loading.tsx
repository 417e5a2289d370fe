import { SectionLoading } from "@/components/shell/section-loading";

export default function SettingsLoading() {
  return <SectionLoading what="settings" />;
}
