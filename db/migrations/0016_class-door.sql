ALTER TABLE `event_registrations` ADD `attended` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `joinToken` text;--> statement-breakpoint
CREATE UNIQUE INDEX `event_registrations_joinToken_unique` ON `event_registrations` (`joinToken`);