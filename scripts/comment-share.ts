// `npm run comments`: the share of lib's lines that are comments (issue 49, item 5; STYLE.md
// rule 21: the anchors keep 1–4 %, the unit run fails above 5 %). A line counts when it holds
// comment text and no code; the denominator is every non-blank line of lib/**/*.ts(x) but tests
// and lib/generated. Comments are found by TypeScript's parser, so `//` in a string or a regular
// expression is code.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export const MAX_SHARE = 0.05;

export type FileShare = { file: string; comments: number; lines: number };

/** Comment lines and non-blank lines of one source text. */
export function countComments(text: string, tsx = false): { comments: number; lines: number } {
  const sf = ts.createSourceFile(
    "x.tsx",
    text,
    ts.ScriptTarget.Latest,
    true,
    tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lineOf = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line;
  const lineCount = sf.getLineStarts().length;
  const code = new Uint8Array(lineCount);
  const comment = new Uint8Array(lineCount);
  const mark = (into: Uint8Array, from: number, to: number) => {
    for (let l = lineOf(from); l <= lineOf(Math.max(from, to - 1)); l++) into[l] = 1;
  };
  const seen = new Set<number>();
  const jsxTextAt = new Set<number>();
  const findJsxText = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxTextAt.add(node.pos);
    ts.forEachChild(node, findJsxText);
  };
  findJsxText(sf);
  const visit = (node: ts.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(sf);
    if (children.length > 0 && node.kind !== ts.SyntaxKind.JsxText) return children.forEach(visit);
    if (node.kind !== ts.SyntaxKind.JsxText && !seen.has(node.pos)) {
      seen.add(node.pos);
      for (const r of ts.getLeadingCommentRanges(text, node.pos) ?? []) mark(comment, r.pos, r.end);
      // A comment after a token on its line is that token's trailing one (`{/* … */}` in JSX).
      if (!jsxTextAt.has(node.end))
        for (const r of ts.getTrailingCommentRanges(text, node.end) ?? []) mark(comment, r.pos, r.end);
    }
    let start = node.getStart(sf);
    let end = node.end;
    if (node.kind === ts.SyntaxKind.JsxText) {
      const jsx = node.getText(sf);
      if (jsx.trim() === "") return;
      start += jsx.length - jsx.trimStart().length;
      end -= jsx.length - jsx.trimEnd().length;
    }
    if (end <= start) return;
    // The braces of a JSX comment, `{/* … */}`, are not code.
    const jsxComment =
      node.parent && ts.isJsxExpression(node.parent) && !node.parent.expression && node.kind !== ts.SyntaxKind.JsxText;
    if (!jsxComment && node.kind !== ts.SyntaxKind.EndOfFileToken) mark(code, start, end);
  };
  visit(sf);
  let comments = 0;
  let lines = 0;
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    lines++;
    if (comment[i] && !code[i]) comments++;
  });
  return { comments, lines };
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every source of `root` (lib/ by default) with its counts. */
export function commentShare(root = "lib"): { files: FileShare[]; comments: number; lines: number; share: number } {
  const files = sources(root).map((path) => ({
    file: relative(".", path),
    ...countComments(readFileSync(path, "utf8"), path.endsWith(".tsx")),
  }));
  const comments = files.reduce((n, f) => n + f.comments, 0);
  const lines = files.reduce((n, f) => n + f.lines, 0);
  return { files, comments, lines, share: lines === 0 ? 0 : comments / lines };
}

if (process.argv[1]?.endsWith("comment-share.ts")) {
  const top = Number(process.argv[2] ?? 20);
  const { files, comments, lines, share } = commentShare();
  console.log(
    `lib: ${comments} comment lines of ${lines} non-blank lines in ${files.length} files: ` +
      `${(share * 100).toFixed(2)} % (at most ${MAX_SHARE * 100} %)`,
  );
  for (const f of [...files].sort((a, b) => b.comments - a.comments).slice(0, top))
    console.log(`${String(f.comments).padStart(5)} of ${String(f.lines).padStart(4)}  ${f.file}`);
}
