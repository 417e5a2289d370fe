import { SectionMessages } from "@/components/section-messages";

// The sign-in page's words for its form (the frame's come from the root layout).
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return <SectionMessages namespaces={["auth"]}>{children}</SectionMessages>;
}
