CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`registrationId` integer,
	`eventId` integer,
	`description` text NOT NULL,
	`name` text,
	`email` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`monthly` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`sessionId` text,
	`paymentIntentId` text,
	`subscriptionId` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`paidAt` text,
	`refundedAt` text,
	`stoppedAt` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_sessionId_unique` ON `payments` (`sessionId`);--> statement-breakpoint
CREATE INDEX `payments_registration` ON `payments` (`registrationId`);--> statement-breakpoint
CREATE INDEX `payments_created` ON `payments` (`createdAt`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `holdUntil` text;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `amountDue` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `ticket` text;--> statement-breakpoint
ALTER TABLE `events` ADD `price` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `concessionPrice` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `byDonation` integer DEFAULT false NOT NULL;