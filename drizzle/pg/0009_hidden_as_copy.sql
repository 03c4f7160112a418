ALTER TABLE "media" ADD COLUMN "hidden_as_copy_at" text;--> statement-breakpoint
UPDATE "media" SET "hidden_as_copy_at" = "hidden_at" WHERE "hidden_at" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "dmca_takedowns" d WHERE d."media_id" = "media"."id" AND d."status" = 'resolved');
