ALTER TABLE `events` ADD `cancelledAt` text;--> statement-breakpoint
ALTER TABLE `events` ADD `cancelReason` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `refundedAmount` integer;--> statement-breakpoint
UPDATE `payments` SET `refundedAmount` = `amount` WHERE `status` = 'refunded';
