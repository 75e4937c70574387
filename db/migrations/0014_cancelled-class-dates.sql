CREATE TABLE `class_date_cancellations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`classId` integer NOT NULL,
	`date` text NOT NULL,
	`reason` text NOT NULL,
	`createdAt` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`classId`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `class_date_cancellations_date` ON `class_date_cancellations` (`classId`,`date`);