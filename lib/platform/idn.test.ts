import { domainToASCII } from "node:url";
import { describe, expect, it } from "vitest";
import { emailForDisplay } from "./idn";

// Issue 50 item 13: user@例子.中国 was stored as its Punycode and shown as user@xn--fsqu00a.xn--fiqs8s.
describe("an e-mail address for display", () => {
  it.each(["例子.中国", "bücher.example", "почта.рф", "mañana.com", "ドメイン名例.jp", "münchen.рф"])(
    "shows %s in its own script",
    (domain) => {
      expect(emailForDisplay(`li.wei@${domainToASCII(domain)}`)).toBe(`li.wei@${domain}`);
    },
  );

  it("leaves an ASCII address and a label that is not Punycode as they are", () => {
    expect(emailForDisplay("ops@example.com")).toBe("ops@example.com");
    expect(emailForDisplay("a@xn--!!.com")).toBe("a@xn--!!.com");
  });

  // Review of issue 50: any decoded code point was shown, so a domain could pass for another.
  it.each([
    ["xn--pple-43d.com", "Cyrillic а in a Latin word: аpple.com"],
    ["xn--mple-znd.com", "Greek ο beside Latin: οmple.com"],
    ["xn--ls8h.la", "a symbol (an emoji)"],
    ["xn--example-176c.com", "a right-to-left override inside"],
    ["xn--example-2z6c.com", "a zero-width space inside"],
    ["xn--exmple-jta.com", "(valid: à is Latin) control for the cases above"],
  ])("keeps %s as stored when it could mislead (%s)", (domain, why) => {
    const shown = emailForDisplay(`ops@${domain}`);
    if (why.startsWith("(valid")) expect(shown).toBe("ops@exàmple.com");
    else expect(shown).toBe(`ops@${domain}`);
  });

  it("shows Japanese mixed with Latin, as people write such names", () => {
    expect(emailForDisplay(`a@${domainToASCII("ソニーstore.jp")}`)).toBe("a@ソニーstore.jp");
  });
});
