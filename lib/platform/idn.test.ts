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
});
