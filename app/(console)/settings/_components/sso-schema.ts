import { z } from "zod";
import { keyed } from "@/lib/platform/keyed";
import { ssoPolicySchema } from "@/lib/sso/schemas";

// The policy form's text boxes (one mapping, e-mail or acr per line) read into the API's body.

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export type SsoPolicyValues = {
  mode: "off" | "optional" | "required";
  label: string;
  groupsClaim: string;
  mappings: string;
  breakGlass: string;
  mfaAcr: string;
};

export const ssoPolicyFormSchema = z
  .object({
    mode: ssoPolicySchema.shape.mode,
    label: ssoPolicySchema.shape.label,
    groupsClaim: ssoPolicySchema.shape.groupsClaim,
    mappings: z
      .string()
      .refine((t) => lines(t).every((l) => /^[^=]+=[^=]+$/.test(l)), keyed("validation.ssoMappingLine"))
      .transform((t) =>
        lines(t).map((l) => {
          const [group, role] = l.split("=");
          return { group: group!.trim(), role: role!.trim() };
        }),
      ),
    breakGlass: z.string().transform(lines),
    mfaAcr: z.string().transform(lines),
  })
  .pipe(ssoPolicySchema);

export const policyFormValues = (p: {
  mode: SsoPolicyValues["mode"];
  label: string;
  groupsClaim: string;
  mappings: { group: string; role: string }[];
  breakGlass: string[];
  mfaAcr: string[];
}): SsoPolicyValues => ({
  mode: p.mode,
  label: p.label,
  groupsClaim: p.groupsClaim,
  mappings: p.mappings.map((m) => `${m.group} = ${m.role}`).join("\n"),
  breakGlass: p.breakGlass.join("\n"),
  mfaAcr: p.mfaAcr.join("\n"),
});
