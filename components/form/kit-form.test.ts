import { describe, expect, it } from "vitest";
import { z } from "zod";
import { kitResolver } from "./kit-form";

describe("kitResolver", () => {
  it("checks what was there when the person sent the form, not what they typed while the check loaded", async () => {
    const schema = z.object({ comment: z.string().min(1, "Add a comment") });
    const resolve = kitResolver<{ comment: string }, { comment: string }>(async () => () => schema);
    const live = { comment: "" };
    const checked = resolve(live, undefined, { fields: {}, shouldUseNativeValidation: false });
    live.comment = "typed after the click";
    const { errors, values } = await checked;
    expect(errors.comment?.message).toBe("Add a comment");
    expect(values).toEqual({});
  });
});
