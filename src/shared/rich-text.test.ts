import { describe, expect, test } from "bun:test";
import { htmlToText } from "./rich-text.ts";

describe("htmlToText", () => {
  test("one line: tags dropped, entities decoded, whitespace collapsed", () => {
    expect(htmlToText("<p>Teaches <strong>Vedanta</strong> &amp; yoga.</p>")).toBe("Teaches Vedanta & yoga.");
    expect(htmlToText("<h1>Title</h1><p>One&nbsp;two</p><ul><li>a</li><li>b</li></ul><p>x<br>y</p>")).toBe("Title One two a b x y");
    expect(htmlToText("&lt;b&gt; &quot;q&quot; &#39;s&#39; &#x41;&#8212; &unknown; &#0;")).toBe("<b> \"q\" 's' A— &unknown; &#0;");
    expect(htmlToText("  <p>  </p>\n ")).toBe("");
  });

  test("lines: paragraphs, line breaks and list items each a line, list items bulleted", () => {
    expect(htmlToText("<h2>Days</h2><ol><li>Rest</li><li>Talk &amp; walk</li></ol>\n\n\n<p>Bring water <br/>and a hat</p>", { lines: true })).toBe(
      "Days\n• Rest\n• Talk & walk\n\nBring water\nand a hat",
    );
  });

  test("the text a visitor reads is what a rule measures: markup and entities do not count", () => {
    expect(htmlToText("<p><em>Ten chars.</em></p>")).toHaveLength(10);
    expect(htmlToText("<p>&amp;&amp;&amp;</p>")).toHaveLength(3);
  });
});
