ALTER TABLE `media` ADD `total_votes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `hot_votes` integer DEFAULT 0 NOT NULL;