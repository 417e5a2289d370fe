import { SectionLoading } from "@/components/shell/section-loading";

export default function PaymentLinksLoading() {
  return <SectionLoading what="payment links" />;
}
