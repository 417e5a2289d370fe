const CJK =
  /[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;

function pieces(text: string): string[] {
  const out: string[] = [];
  let run = "";
  for (const ch of text) {
    const space = ch === " ";
    if (CJK.test(ch)) {
      if (run) out.push(run);
      out.push(ch);
      run = "";
    } else if (run && run.endsWith(" ") !== space) {
      out.push(run);
      run = ch;
    } else run += ch;
  }
  if (run) out.push(run);
  return out;
}

/** `text` in lines no wider than `width` as `measure` counts it; no line starts with a space. */
export function wrapLine(text: string, measure: (s: string) => number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  let used = 0;
  const flush = () => {
    lines.push(line.trimEnd());
    line = "";
    used = 0;
  };
  for (const piece of pieces(text)) {
    if (!line && piece.startsWith(" ")) continue;
    const w = measure(piece);
    if (used + w <= width) {
      line += piece;
      used += w;
      continue;
    }
    if (piece.startsWith(" ")) {
      flush();
      continue;
    }
    if (line) flush();
    if (w <= width) {
      line = piece;
      used = w;
      continue;
    }
    for (const ch of piece) {
      const cw = measure(ch);
      if (used + cw > width && line) flush();
      line += ch;
      used += cw;
    }
  }
  if (line || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}
