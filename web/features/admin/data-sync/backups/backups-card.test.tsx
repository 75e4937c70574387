import { describe, expect, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { type BackupInfo, backupsQueryOptions, formatAge, formatSize, type OffsiteAnswer, offsiteQueryOptions } from "./api.ts";
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

describe("BackupsCard: off-site copies", () => {
  const renderWith = (offsite: OffsiteAnswer) => {
    const client = new QueryClient();
    client.setQueryData(backupsQueryOptions().queryKey, []);
    client.setQueryData(offsiteQueryOptions().queryKey, offsite);
    return renderToString(
      <QueryClientProvider client={client}>
        <BackupsCard />
      </QueryClientProvider>,
    );
  };
  const on: OffsiteAnswer = {
    enabled: true,
    bucket: "s3://site-backups/backups/ at https://s3.example.org",
    encrypted: true,
    warning: null,
    running: false,
    lastCopy: { name: "20261124T101500.000Z", createdAt: new Date(Date.now() - 5 * 60_000).toISOString() },
    lastError: null,
    nextRetryAt: null,
    canRestore: false,
    copies: [{ name: "20261124T101500.000Z", createdAt: "2026-11-24T10:15:00.000Z", encrypted: true }],
    listError: null,
  };

  test("off: says how to turn it on", () => {
    const html = renderWith({ ...on, enabled: false, bucket: null, encrypted: false, lastCopy: null, copies: [] });
    expect(html).toContain("Off-site copies: Off");
    expect(html).toContain("Set S3_BUCKET");
  });

  test("on: the bucket, encrypted, the last copy and its age, no error; encrypted copies name the restore command", () => {
    const html = renderWith(on);
    expect(html).toContain("Off-site copies: On");
    expect(html).toContain("s3://site-backups/backups/ at https://s3.example.org");
    expect(html).toContain("Yes (age)");
    expect(html).toContain("(5 minutes ago)");
    expect(html).toContain("vedanta-site restore-backup s3:20261124T101500.000Z --identity key.txt");
    expect(html).not.toContain("not encrypted");
  });

  test("not encrypted: the server's warning, in words", () => {
    const warning = "Off-site copies are not encrypted: set BACKUP_AGE_RECIPIENT to an age public key";
    const html = renderWith({ ...on, encrypted: false, warning: `${warning}.` });
    expect(html).toContain(warning);
  });

  test("the last error with its retry; 'Restore' when the server can open the copies", () => {
    const html = renderWith({
      ...on,
      canRestore: true,
      lastError: { message: "ConnectionRefused: Unable to connect", at: "2026-11-24T10:20:00.000Z" },
      nextRetryAt: "2026-11-24T10:20:10.000Z",
    });
    expect(html).toContain("ConnectionRefused: Unable to connect");
    expect(html).toContain("retried at");
    expect(html).toContain('aria-label="Restore off-site copy 20261124T101500.000Z"');
  });

  test("formatAge", () => {
    const now = Date.parse("2026-11-24T12:00:00Z");
    expect(formatAge("2026-11-24T11:59:30Z", now)).toBe("just now");
    expect(formatAge("2026-11-24T11:59:00Z", now)).toBe("1 minute ago");
    expect(formatAge("2026-11-24T09:00:00Z", now)).toBe("3 hours ago");
    expect(formatAge("2026-11-20T12:00:00Z", now)).toBe("4 days ago");
  });
});
