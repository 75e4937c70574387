import { describe, expect, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { type BackupInfo, backupsQueryOptions, formatSize } from "./api.ts";
import { BackupsCard } from "./backups-card.tsx";

const render = (backups: BackupInfo[] | undefined) => {
  const client = new QueryClient();
  if (backups) client.setQueryData(backupsQueryOptions().queryKey, backups);
  return renderToString(
    <QueryClientProvider client={client}>
      <BackupsCard />
    </QueryClientProvider>,
  );
};

describe("BackupsCard", () => {
  test("lists each backup with its kind, size, Download and Restore; offers 'Back up now'", () => {
    const html = render([
      { name: "20261121T030000Z-daily", kind: "daily", createdAt: "2026-11-21T03:00:00.000Z", size: 2_400_000 },
      { name: "20261120T101500Z-before-import", kind: "before-import", createdAt: "2026-11-20T10:15:00.000Z", size: 90_000 },
    ]);
    expect(html).toContain("Back up now");
    expect(html).toContain("Daily<!-- --> · <!-- -->2.3 MB");
    expect(html).toContain("Before import<!-- --> · <!-- -->88 KB");
    expect(html).toContain('aria-label="Download backup 20261121T030000Z-daily"');
    expect(html).toContain('aria-label="Restore backup 20261120T101500Z-before-import"');
  });

  test("empty and loading states", () => {
    expect(render([])).toContain("No backups yet.");
    expect(render(undefined)).toContain("Loading backups...");
  });

  test("formatSize", () => {
    expect(formatSize(100)).toBe("1 KB");
    expect(formatSize(5 * 1024 * 1024)).toBe("5.0 MB");
  });
});
