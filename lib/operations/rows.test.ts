import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { snake } from "./rows";

describe("the operations' statements", () => {
  it("name each field's column as the schema maps it", () => {
    const schema = readFileSync("prisma/schema.prisma", "utf8");
    const model = /^model Operation \{([\s\S]*?)^\}/m.exec(schema)![1]!;
    const fields = [...model.matchAll(/^\s+(\w+)\s+(\w+)(\??)([^\n]*)$/gm)]
      .filter(([, , type, , rest]) => /^[A-Z]/.test(type!) && !/@relation/.test(rest!))
      .map(([, name, , , rest]) => [name!, /@map\("([^"]+)"\)/.exec(rest!)?.[1] ?? name!]);
    expect(fields.length).toBeGreaterThan(30);
    for (const [field, column] of fields) expect(snake(field!), field).toBe(column);
  });
});
