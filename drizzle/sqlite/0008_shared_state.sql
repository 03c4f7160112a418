CREATE TABLE `admin_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_tokens_expires_at_idx` ON `admin_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `app_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `idempotency_claims` (
	`key` text PRIMARY KEY NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `job_locks` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`name` text NOT NULL,
	`key` text NOT NULL,
	`count` integer NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`name`, `key`)
);
--> statement-breakpoint
CREATE INDEX `rate_limits_expires_at_idx` ON `rate_limits` (`expires_at`);--> statement-breakpoint
CREATE TABLE `upload_holds` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`bytes` integer NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `upload_holds_user_id_idx` ON `upload_holds` (`user_id`);--> statement-breakpoint
CREATE INDEX `upload_holds_expires_at_idx` ON `upload_holds` (`expires_at`);