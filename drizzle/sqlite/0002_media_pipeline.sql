ALTER TABLE `media` ADD `duration_ms` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `placeholder` text;--> statement-breakpoint
ALTER TABLE `media` ADD `variants` text;--> statement-breakpoint
ALTER TABLE `media` ADD `processed_at` text;--> statement-breakpoint
CREATE INDEX `media_processed_at_idx` ON `media` (`processed_at`);