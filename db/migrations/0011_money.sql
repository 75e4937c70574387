CREATE TABLE `owed_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`paymentId` integer NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`state` text DEFAULT 'owed' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`nextAttemptAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`lastError` text,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`madeAt` text
);
--> statement-breakpoint
CREATE INDEX `owed_refunds_due` ON `owed_refunds` (`state`,`nextAttemptAt`);--> statement-breakpoint
CREATE UNIQUE INDEX `owed_refunds_payment` ON `owed_refunds` (`paymentId`);--> statement-breakpoint
ALTER TABLE `activity` ADD `stranger` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `activity_stranger` ON `activity` (`stranger`,`id`);--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `heldBy` text;--> statement-breakpoint
CREATE INDEX `event_registrations_held` ON `event_registrations` (`state`,`heldBy`);--> statement-breakpoint
CREATE INDEX `event_registrations_held_email` ON `event_registrations` (`state`,`email`);--> statement-breakpoint
ALTER TABLE `payments` ADD `attention` text;--> statement-breakpoint
-- One live payment per place: of two pending ones (the fault this index closes), the older is no longer live (a payment
-- that completes for it after all is recorded and refunded, or confirms the place).
UPDATE `payments` SET `status` = 'expired' WHERE `status` = 'pending' AND `registrationId` IS NOT NULL
  AND `id` NOT IN (SELECT max(`id`) FROM `payments` WHERE `status` = 'pending' AND `registrationId` IS NOT NULL GROUP BY `registrationId`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_live_place` ON `payments` (`registrationId`) WHERE "payments"."status" in ('pending', 'processing') and "payments"."registrationId" is not null;