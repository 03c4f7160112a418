CREATE TABLE `resumable_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`expires_at` text NOT NULL,
	`state` text NOT NULL,
	`answer_status` integer,
	`answer_body` text,
	`lock_holder` text,
	`lock_expires_at` text,
	`release_requested` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `resumable_uploads_expires_at_idx` ON `resumable_uploads` (`expires_at`);