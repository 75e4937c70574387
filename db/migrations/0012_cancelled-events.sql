ALTER TABLE `events` ADD `cancelledAt` text;--> statement-breakpoint
ALTER TABLE `events` ADD `cancelReason` text;