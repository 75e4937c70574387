CREATE TABLE `passes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`credits` integer NOT NULL,
	`price` integer NOT NULL,
	`concessionPrice` integer,
	`validDays` integer NOT NULL,
	`classIds` text,
	`active` integer DEFAULT true NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `practice_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`codeHash` text NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`expiresAt` text NOT NULL,
	`usedAt` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `practice_codes_email` ON `practice_codes` (`email`,`expiresAt`);--> statement-breakpoint
CREATE TABLE `practice_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`tokenHash` text NOT NULL,
	`expiresAt` text NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `practice_sessions_tokenHash_unique` ON `practice_sessions` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `practice_sessions_email` ON `practice_sessions` (`email`);--> statement-breakpoint
CREATE TABLE `standing_bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`classId` integer NOT NULL,
	`weekday` integer NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`endedAt` text,
	`endedBecause` text,
	FOREIGN KEY (`classId`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `standing_bookings_class` ON `standing_bookings` (`classId`,`endedAt`);--> statement-breakpoint
CREATE TABLE `student_passes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`passId` integer,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`credits` integer NOT NULL,
	`creditsLeft` integer NOT NULL,
	`classIds` text,
	`expiresAt` text NOT NULL,
	`price` integer NOT NULL,
	`currency` text NOT NULL,
	`source` text NOT NULL,
	`paymentId` integer,
	`lowMailedAt` text,
	`expiryMailedAt` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "student_passes_credits_left" CHECK("creditsLeft" >= 0)
);
--> statement-breakpoint
CREATE INDEX `student_passes_email` ON `student_passes` (`email`,`expiresAt`);--> statement-breakpoint
CREATE UNIQUE INDEX `student_passes_payment` ON `student_passes` (`paymentId`);--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `studentPassId` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `creditReturned` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `standingId` integer;--> statement-breakpoint
CREATE INDEX `event_registrations_student` ON `event_registrations` (`email`,`state`);--> statement-breakpoint
ALTER TABLE `payments` ADD `passId` integer;