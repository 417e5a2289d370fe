import { z } from "zod";
import { THEMES } from "./theme";

/** PUT /api/account/theme's body; "system" is stored as null. */
export const themeSchema = z.strictObject({ theme: z.enum(THEMES, "shell.theme.invalid") });
