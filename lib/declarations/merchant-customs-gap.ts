/** `null`: both are set; else which is missing ("both": the code and the name). */
export type MerchantCustomsGap = "code" | "name" | "both" | null;

export function gapOf(code: string, name: string): MerchantCustomsGap {
  if (!code.trim() && !name.trim()) return "both";
  if (!code.trim()) return "code";
  if (!name.trim()) return "name";
  return null;
}

/** The Settings field an admin is sent to: the first one missing (components/form/field.tsx's id). */
export const gapField = (gap: Exclude<MerchantCustomsGap, null>) =>
  gap === "name" ? "merchantCustomsName" : "merchantCustomsCode";
