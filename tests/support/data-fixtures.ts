// Test data for the data module: a valid export file with rows in every section, and helpers.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestApp } from "./app.ts";

export const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n% test attachment\n%%EOF\n");

/** A valid export file: every section, ids and timestamps kept, one unknown field and one unsafe tag to drop. */
export function sampleExport() {
  return {
    version: 1,
    exportedAt: "2026-01-02T03:04:05.000Z",
    events: [
      {
        id: 3,
        name: "Winter Retreat",
        type: "retreat",
        startDate: "2030-07-01",
        endDate: "2030-07-05",
        time: "9:00 AM",
        location: "Daylesford",
        description: "<p>Five days of <strong>silence</strong> and study.</p><script>alert(1)</script>",
        isHighlighted: true,
        registrationLink: "https://example.com/register",
        attachmentName: "Programme.pdf",
        attachmentFile: "/uploads/programme.pdf",
        archiveDescription: null,
        images: ["/uploads/retreat.png", "https://example.com/hall.jpg"],
        year: "2030",
        createdAt: "2025-05-01T10:00:00.000Z",
        somethingUnknown: "dropped",
      },
      {
        id: 7,
        name: "Gita Workshop",
        type: "workshop",
        startDate: "2020-03-01",
        endDate: null,
        time: "10:00 AM",
        location: "Melbourne",
        description: "<p>Chapter two of the Bhagavad Gita.</p>",
        isHighlighted: false,
        registrationLink: null,
        attachmentName: null,
        attachmentFile: null,
        archiveDescription: "<p>A memorable morning.</p>",
        images: [],
        year: "2020",
        createdAt: "2019-12-01T10:00:00.000Z",
      },
    ],
    classes: [
      {
        id: 1,
        name: "Morning Hatha",
        level: "Beginner",
        days: "Mon, Wed",
        time: "7:00 AM",
        location: "Studio",
        description: "<p>Gentle postures and breath.</p>",
        icon: "yoga",
        createdAt: "2025-01-01T00:00:00.000Z",
      },
      {
        id: 2,
        name: "Vedanta Study",
        level: "Expert",
        days: "Thursday",
        time: "7:30 PM",
        location: "Online",
        description: "<p>Reading the Upanishads together.</p>",
        icon: "book",
        createdAt: "2025-01-02T00:00:00.000Z",
      },
    ],
    archiveEvents: [
      {
        id: 4,
        title: "Guru Purnima 2019",
        date: "July 16, 2019",
        type: "celebration",
        year: "2019",
        description: "<p>Chanting and satsang under the full moon.</p>",
        image: "/uploads/retreat.png",
        attachmentName: null,
        attachmentFile: null,
        images: null,
        createdAt: "2019-07-20T00:00:00.000Z",
      },
    ],
    messages: [
      {
        id: 5,
        name: "Asha",
        email: "asha@example.com",
        subject: "Retreat question",
        message: "Is there a vegetarian menu at the retreat?",
        createdAt: "2025-06-01T08:00:00.000Z",
        isRead: true,
      },
    ],
    subscribers: [
      { id: 1, email: "one@example.com", createdAt: "2025-02-01T00:00:00.000Z" },
      { id: 9, email: "two@example.com", createdAt: "2025-02-02T00:00:00.000Z" },
    ],
    profile: {
      id: 1,
      name: "Swami Example",
      title: "Teacher of Vedanta",
      biography: "<p>Has taught yoga and Vedanta for thirty years.</p>",
      quote: "You are that.",
      profileImage: "/uploads/profile.png",
      email: "swami@example.com",
      phone: "+61 400 000 000",
      address: null,
      updatedAt: "2025-03-03T00:00:00.000Z",
    },
    notifications: [
      {
        id: 2,
        message: "<p>Retreat bookings are open.</p>",
        isActive: true,
        startDate: "2025-01-01",
        endDate: null,
        type: "priority-1",
        link: "https://example.com/retreat",
        createdAt: "2025-01-01T00:00:00.000Z",
      },
    ],
  };
}

/** Writes the upload files that sampleExport() refers to into DATA_DIR/uploads. */
export function writeSampleUploads(dataDir: string) {
  const dir = join(dataDir, "uploads");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "programme.pdf"), PDF_BYTES);
  writeFileSync(join(dir, "retreat.png"), PNG_BYTES);
  writeFileSync(
    join(dir, "profile.png"),
    PNG_BYTES.map((byte) => byte ^ 1),
  );
}

/** The export body without its time stamp, for equality checks. */
export async function exportContent(t: TestApp, token: string) {
  const { status, data, error } = await t.api({ token }).admin["export-data"].get();
  if (!data) throw new Error(`export answered ${status}: ${JSON.stringify(error?.value)}`);
  const { exportedAt: _exportedAt, ...content } = data as Record<string, unknown>;
  return content;
}

/** Imports `data` through the API and fails loudly when it is refused. */
export async function importThroughApi(t: TestApp, token: string, data: object) {
  const answer = await t.api({ token }).admin["import-data"].post(data);
  if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${JSON.stringify(answer.error?.value)}`);
  return answer.data;
}
