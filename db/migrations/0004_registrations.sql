ALTER TABLE `event_registrations` ADD `state` text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `checkedIn` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `remindedAt` text;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `cancelledAt` text;--> statement-breakpoint
CREATE INDEX `event_registrations_event` ON `event_registrations` (`eventId`,`state`,`id`);--> statement-breakpoint
CREATE INDEX `event_registrations_email` ON `event_registrations` (`eventId`,`email`);--> statement-breakpoint
ALTER TABLE `events` ADD `capacity` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `registrationCloses` text;