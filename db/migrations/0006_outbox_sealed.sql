ALTER TABLE `outbox` ADD `sealed` text;--> statement-breakpoint
-- Issue 30: mails already sent or given up keep no link or code in clear (src/modules/mail/sealed.ts SECRET_PATHS).
UPDATE `outbox` SET `data` = json_remove(`data`, '$.resetUrl', '$.code', '$.signOutUrl', '$.cancelUrl', '$.confirmUrl', '$.subscriber.unsubscribeUrl') WHERE `state` IN ('sent', 'failed');
