// Issue 37 item 10: every CSV the admin downloads (Money, registrations, subscribers) is made by toCsv.
import { expect, test } from "bun:test";
import { toCsv } from "./format.ts";

test("formulas are defused after leading whitespace too, and a field with a separator, quote or break is quoted", () => {
  const row = ["=1+1", " =1+1", "\t=cmd", "  @SUM(A1)", "-2+3", "+61 400", "a;b", "a,b", 'say "hi"', "two\nlines", "plain", 25, null];
  expect(toCsv([row])).toBe(`'=1+1,' =1+1,'\t=cmd,'  @SUM(A1),'-2+3,'+61 400,"a;b","a,b","say ""hi""","two\nlines",plain,25,\r\n`);
});

test("a defused field that holds a separator is quoted as well", () => {
  expect(toCsv([[' =HYPERLINK("x";"y")']])).toBe(`"' =HYPERLINK(""x"";""y"")"\r\n`);
});
