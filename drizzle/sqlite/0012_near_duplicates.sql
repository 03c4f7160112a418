CREATE TABLE `near_duplicate_dismissals` (
	`media_id_low` integer NOT NULL,
	`media_id_high` integer NOT NULL,
	`dismissed_at` text NOT NULL,
	PRIMARY KEY(`media_id_low`, `media_id_high`),
	FOREIGN KEY (`media_id_low`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id_high`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `near_duplicate_dismissals_high_idx` ON `near_duplicate_dismissals` (`media_id_high`);--> statement-breakpoint
ALTER TABLE `media` ADD `phash` text;--> statement-breakpoint
ALTER TABLE `media` ADD `phash_band0` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `phash_band1` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `phash_band2` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `phash_band3` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `near_duplicate_of` integer;--> statement-breakpoint
CREATE INDEX `media_phash_band0_idx` ON `media` (`phash_band0`);--> statement-breakpoint
CREATE INDEX `media_phash_band1_idx` ON `media` (`phash_band1`);--> statement-breakpoint
CREATE INDEX `media_phash_band2_idx` ON `media` (`phash_band2`);--> statement-breakpoint
CREATE INDEX `media_phash_band3_idx` ON `media` (`phash_band3`);--> statement-breakpoint
CREATE INDEX `media_near_duplicate_of_idx` ON `media` (`near_duplicate_of`);