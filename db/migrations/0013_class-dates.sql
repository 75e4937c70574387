ALTER TABLE `classes` ADD `schedule` text;--> statement-breakpoint
ALTER TABLE `classes` ADD `capacity` integer;--> statement-breakpoint
ALTER TABLE `classes` ADD `price` integer;--> statement-breakpoint
ALTER TABLE `classes` ADD `concessionPrice` integer;--> statement-breakpoint
ALTER TABLE `classes` ADD `byDonation` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `classes` ADD `mode` text DEFAULT 'in-person' NOT NULL;--> statement-breakpoint
ALTER TABLE `classes` ADD `joinUrl` text;