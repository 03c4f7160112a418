ALTER TABLE `media` ADD `stored_sha256` text;--> statement-breakpoint
CREATE INDEX `media_stored_sha256_idx` ON `media` (`stored_sha256`);