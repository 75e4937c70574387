DROP INDEX `outbox_due`;--> statement-breakpoint
ALTER TABLE `outbox` ADD `sealed` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `priority` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox` (`state`,"priority" DESC,`nextAttemptAt`);--> statement-breakpoint
-- Issue 30: account mail waiting now goes first; mails already sent or given up keep no link or code in clear (the
-- paths of src/modules/mail/sealed.ts SECRET_PATHS).
UPDATE `outbox` SET `priority` = 1 WHERE `kind` IN ('password-reset', 'sign-in-code', 'security-notice');--> statement-breakpoint
UPDATE `outbox` SET `data` = json_remove(`data`, '$.resetUrl', '$.code', '$.signOutUrl', '$.cancelUrl', '$.confirmUrl', '$.subscriber.unsubscribeUrl') WHERE `state` IN ('sent', 'failed');
