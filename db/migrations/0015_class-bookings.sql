PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_event_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`eventId` integer,
	`classId` integer,
	`classDate` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`additionalInfo` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`state` text DEFAULT 'confirmed' NOT NULL,
	`holdUntil` text,
	`amountDue` integer,
	`ticket` text,
	`checkedIn` integer DEFAULT false NOT NULL,
	`remindedAt` text,
	`cancelledAt` text,
	`heldBy` text,
	FOREIGN KEY (`eventId`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`classId`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "event_registrations_place_of" CHECK(("eventId" is null) <> ("classId" is null or "classDate" is null))
);
--> statement-breakpoint
INSERT INTO `__new_event_registrations`("id", "eventId", "classId", "classDate", "name", "email", "phone", "additionalInfo", "createdAt", "state", "holdUntil", "amountDue", "ticket", "checkedIn", "remindedAt", "cancelledAt", "heldBy") SELECT "id", "eventId", NULL, NULL, "name", "email", "phone", "additionalInfo", "createdAt", "state", "holdUntil", "amountDue", "ticket", "checkedIn", "remindedAt", "cancelledAt", "heldBy" FROM `event_registrations`;--> statement-breakpoint
DROP TABLE `event_registrations`;--> statement-breakpoint
ALTER TABLE `__new_event_registrations` RENAME TO `event_registrations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `event_registrations_event` ON `event_registrations` (`eventId`,`state`,`id`);--> statement-breakpoint
CREATE INDEX `event_registrations_email` ON `event_registrations` (`eventId`,`email`);--> statement-breakpoint
CREATE INDEX `event_registrations_held` ON `event_registrations` (`state`,`heldBy`);--> statement-breakpoint
CREATE INDEX `event_registrations_held_email` ON `event_registrations` (`state`,`email`);--> statement-breakpoint
CREATE INDEX `event_registrations_class_date` ON `event_registrations` (`classId`,`classDate`,`state`,`id`);