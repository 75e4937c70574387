// The API's answers as the web app reads them: inferred from the routes (the `App` type, through Eden Treaty), never
// written by hand.
import type { api } from "./eden.ts";

type Api = typeof api;
/** What a call answers when it succeeds. */
type Data<Call extends (...args: never[]) => Promise<{ data: unknown }>> = NonNullable<Awaited<ReturnType<Call>>["data"]>;

export type PublicProfile = Data<Api["profile"]["get"]>;
export type PublicEvent = Data<Api["events"]["get"]>[number];
export type Class = Data<Api["classes"]["get"]>[number];
export type ArchiveItem = Data<Api["archive-events"]["get"]>[number];
export type Notification = Data<Api["notifications"]["get"]>[number];
/** An event as the admin edits it (GET /api/admin/events, without its registration counts). */
export type Event = Omit<
  Data<Api["admin"]["events"]["get"]>[number],
  "registrationCount" | "confirmedCount" | "waitingCount" | "cancelledCount" | "checkedInCount"
>;
export type ArchiveEvent = Data<Api["admin"]["archive-events"]["get"]>[number];
export type Registration = Data<ReturnType<Api["admin"]["events"]>["registrations"]["get"]>[number];
export type GitStatus = Data<Api["admin"]["git-status"]["get"]>;
export type GitCommit = GitStatus["commits"][number];
