DROP INDEX `users_email_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_verified_email_unique` ON `users` (`email`) WHERE "users"."email_verified" = 1;--> statement-breakpoint
CREATE INDEX `users_email_idx` ON `users` (`email`);