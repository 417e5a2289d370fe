import { describe, expect, it } from "vitest";
import { commentShare, countComments, MAX_SHARE } from "./comment-share";

// Quiet code (STYLE.md rule 21, issue 49 item 5): the why of a decision lives in its ADR, and
// lib's comments stay within the anchors' range. `npm run comments` lists the files with most.
describe("comments in lib/", () => {
  it("count whole comment lines only, never // inside strings, regexes or JSX text", () => {
    const text = [
      "// a line comment",
      "/**",
      " * a block",
      " */",
      'const url = "https://example.com"; // trailing: a code line',
      "const re = /\\/\\/ no/;",
      "const t = `",
      "// inside a template",
      "`;",
      "",
      "const el = (",
      "  <p>",
      "    {/* a JSX comment */}",
      "    http://not-a-comment",
      "  </p>",
      ");",
    ].join("\n");
    expect(countComments(text, true)).toEqual({ comments: 5, lines: 15 });
  });

  it(`are at most ${MAX_SHARE * 100} % of its non-blank lines`, () => {
    const { comments, lines, share } = commentShare();
    expect(share, `${comments} of ${lines} lines are comments: npm run comments`).toBeLessThanOrEqual(MAX_SHARE);
  });
});
