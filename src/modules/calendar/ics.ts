// Writing iCalendar text (RFC 5545): escaped TEXT values, content lines folded at 75 octets, CRLF line ends.

/** A TEXT value: backslash, semicolon and comma escaped, every line break written as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * Folds one content line so that no physical line exceeds 75 octets (the continuation's leading space included),
 * never splitting a UTF-8 character.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = 74;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The calendar file: each content line folded, CRLF after every line. */
export function serialize(lines: string[]): string {
  return lines.map((line) => `${foldLine(line)}\r\n`).join("");
}
