// The API's answers as the web app names them: each its route's declared model (src/modules/*/model.ts), never
// written by hand; the calls themselves are typed by Eden Treaty from the same models.
export type {
  ArchiveEvent,
  ArchiveItem,
  Class,
  Event,
  GitCommit,
  GitStatus,
  Notification,
  PublicClass,
  PublicEvent,
  PublicProfile,
  RegistrationWithPayment as Registration,
} from "@server/app.ts";
