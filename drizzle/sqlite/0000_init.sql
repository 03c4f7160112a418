CREATE TABLE `ad_zone_configs` (
	`zone_id` text PRIMARY KEY NOT NULL,
	`zone_name` text NOT NULL,
	`ad_code` text NOT NULL,
	`is_active` integer NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `audit_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event` text NOT NULL,
	`timestamp` text NOT NULL,
	`context` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_logs_event_idx` ON `audit_logs` (`event`);--> statement-breakpoint
CREATE INDEX `audit_logs_timestamp_idx` ON `audit_logs` (`timestamp`);--> statement-breakpoint
CREATE TABLE `back_button_configs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`back_button_url` text NOT NULL,
	`is_active` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dmca_takedowns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference_number` text NOT NULL,
	`status` text NOT NULL,
	`complainant_name` text NOT NULL,
	`complainant_email` text NOT NULL,
	`complainant_phone` text,
	`complainant_address` text,
	`copyright_owner` text NOT NULL,
	`work_description` text NOT NULL,
	`infringement_description` text NOT NULL,
	`infringing_urls` text NOT NULL,
	`electronic_signature` text NOT NULL,
	`good_faith_statement` integer NOT NULL,
	`accuracy_statement` integer NOT NULL,
	`admin_notes` text DEFAULT '' NOT NULL,
	`media_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dmca_reference_unique` ON `dmca_takedowns` (`reference_number`);--> statement-breakpoint
CREATE INDEX `dmca_status_idx` ON `dmca_takedowns` (`status`);--> statement-breakpoint
CREATE TABLE `email_capture_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`is_enabled` integer NOT NULL,
	`vote_threshold` integer NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_captures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`session_id` text NOT NULL,
	`user_id` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`status` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `idle_redirect_configs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`idle_redirect_time` integer NOT NULL,
	`idle_redirect_url` text NOT NULL,
	`is_active` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `magic_link_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`purpose` text NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`client_address` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `magic_link_tokens_hash_unique` ON `magic_link_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `magic_link_tokens_email_idx` ON `magic_link_tokens` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `magic_link_tokens_client_idx` ON `magic_link_tokens` (`client_address`,`created_at`);--> statement-breakpoint
CREATE TABLE `media` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`storage_key` text NOT NULL,
	`original_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`sha256` text NOT NULL,
	`uploaded_at` text NOT NULL,
	`hidden_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_storage_key_unique` ON `media` (`storage_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `media_sha256_unique` ON `media` (`sha256`);--> statement-breakpoint
CREATE INDEX `media_user_id_idx` ON `media` (`user_id`);--> statement-breakpoint
CREATE TABLE `skip_button_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`zone_name` text NOT NULL,
	`button_text` text NOT NULL,
	`button_url` text NOT NULL,
	`is_active` integer NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`username` text NOT NULL,
	`email` text,
	`email_verified` integer DEFAULT false NOT NULL,
	`latitude` real,
	`longitude` real,
	`created_at` text NOT NULL,
	`last_login_at` text,
	`login_count` integer DEFAULT 0 NOT NULL,
	`is_synthetic` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_session_id_unique` ON `users` (`session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE TABLE `views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`media_id` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `views_user_media_unique` ON `views` (`user_id`,`media_id`);--> statement-breakpoint
CREATE INDEX `views_media_idx` ON `views` (`media_id`);--> statement-breakpoint
CREATE TABLE `vote_multiplier_config` (
	`id` integer PRIMARY KEY NOT NULL,
	`is_enabled` integer NOT NULL,
	`multiplier` real NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vote_population_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`last_media_id` integer NOT NULL,
	`media_processed` integer NOT NULL,
	`total_votes_inserted` integer NOT NULL,
	`hot_votes_inserted` integer NOT NULL,
	`users_created` integer NOT NULL,
	`first_user_id` integer,
	`last_user_id` integer,
	`completed_at` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`media_id` integer NOT NULL,
	`is_hot` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `votes_user_media_unique` ON `votes` (`user_id`,`media_id`);--> statement-breakpoint
CREATE INDEX `votes_media_hot_idx` ON `votes` (`media_id`,`is_hot`);