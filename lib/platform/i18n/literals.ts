import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

// Interface text in app/ and components/ must be in the catalogs (catalogs.test.ts); else mark `i18n-ignore`.

export type Literal = { file: string; line: number; text: string };

const TECHNICAL_ATTRIBUTES = new Set([
  "className",
  "href",
  "id",
  "name",
  "type",
  "role",
  "key",
  "method",
  "autoComplete",
  "inputMode",
  "target",
  "rel",
  "src",
  "htmlFor",
  "form",
  "pattern",
  "lang",
  "dir",
  "action",
  "encType",
  "accept",
  "scope",
  "sizes",
  "viewBox",
  "d",
  "fill",
  "stroke",
  "xmlns",
  "dataKey",
  "nameKey",
  "layout",
  "tone",
  "variant",
  "size",
  "align",
  "testId",
]);
const IGNORED_CALLS = new Set([
  "t",
  "rich",
  "markup",
  "has",
  "raw",
  "cn",
  "clsx",
  "log",
  "info",
  "warn",
  "error",
  "debug",
  "require",
  "get",
  "set",
  "append",
  "delete",
  "getAll",
  "querySelector",
  "fetch",
  "useQueryState",
  "parseAsString",
  "startsWith",
  "endsWith",
  "includes",
  "split",
  "replace",
  "join",
  "padStart",
  "toLocaleString",
]);

const WORDS = /[A-Za-z]+[.,:;!?)]?[ \u00a0]+\(?[A-Za-z]+|^[A-Z][a-z]+[.:!?]?$|[\u4e00-\u9fff]/;
const CLASS_TOKEN = /^[\w:[\]/.%#&>*!()@=+'"-]*[\w\])%*]$/;

/** Reads as words a person would read (not a class list, a path, a code or an identifier). */
export function readsAsWords(text: string): boolean {
  const s = text.trim();
  if (!WORDS.test(s)) return false;
  if (/[\u4e00-\u9fff]/.test(s)) return true;
  const tokens = s.split(/\s+/);
  if (!/[A-Z]/.test(s) && tokens.every((tok) => CLASS_TOKEN.test(tok)) && tokens.some((tok) => /[-:[]/.test(tok)))
    return false;
  if (/^(?:https?:\/\/|\/|\.|#|@)/.test(s)) return false; // URLs, paths, selectors
  if (/^[a-z]+(?:[._-][a-z0-9]+)+$/i.test(s)) return false; // keys, ids
  if (/^(SELECT|INSERT|UPDATE|DELETE|WITH)\b/.test(s)) return false;
  return true;
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return "";
}

function ignored(node: ts.Node, source: ts.SourceFile, lines: string[]): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return /i18n-ignore/.test(lines[line] ?? "") || /i18n-ignore/.test(lines[line - 1] ?? "");
}

/** The literals of one file's source that read as interface text. */
export function literalsIn(file: string, text: string): Literal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = text.split("\n");
  const found: Literal[] = [];
  const report = (node: ts.Node, value: string) => {
    if (ignored(node, source, lines)) return;
    found.push({
      file,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: value.trim(),
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node)) return;
    if (ts.isJsxText(node)) {
      const value = node.text.replace(/\s+/g, " ").trim();
      if (/[A-Za-z\u4e00-\u9fff]/.test(value) && !/^&\w+;$/.test(value)) report(node, value);
      return;
    }
    if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      if (TECHNICAL_ATTRIBUTES.has(name) || name.startsWith("data-") || /class/i.test(name)) return;
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      if (IGNORED_CALLS.has(calleeName(node))) return;
    }
    if (ts.isPropertyAssignment(node) && /class/i.test(node.name.getText(source))) return;
    if (ts.isVariableDeclaration(node) && /class/i.test(node.name.getText(source))) return;
    if (ts.isBinaryExpression(node) && /^(===|!==|==|!=)$/.test(node.operatorToken.getText(source))) return;
    if (ts.isCaseClause(node)) {
      for (const statement of node.statements) visit(statement);
      return;
    }
    if (ts.isExpressionStatement(node) && ts.isStringLiteral(node.expression)) return; // "use client"
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (ts.isPropertyAssignment(node.parent) && node.parent.name === node) return;
      if (readsAsWords(node.text)) report(node, node.text);
      return;
    }
    if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" {} ");
      if (readsAsWords(parts)) report(node, parts);
      for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every interface-text literal under the folders (tests, route handlers and generated code left out). */
export function findLiterals(root: string, folders: string[] = ["app", "components"]): Literal[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== join("app", "api")) walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name)) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files.flatMap((file) => literalsIn(file, readFileSync(join(root, file), "utf8")));
}
