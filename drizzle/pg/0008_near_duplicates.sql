CREATE TABLE "near_duplicate_dismissals" (
	"media_id_low" integer NOT NULL,
	"media_id_high" integer NOT NULL,
	"dismissed_at" text NOT NULL,
	CONSTRAINT "near_duplicate_dismissals_pkey" PRIMARY KEY("media_id_low","media_id_high")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "phash" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "phash_band0" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "phash_band1" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "phash_band2" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "phash_band3" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "near_duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "near_duplicate_dismissals" ADD CONSTRAINT "near_duplicate_dismissals_media_id_low_media_id_fk" FOREIGN KEY ("media_id_low") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "near_duplicate_dismissals" ADD CONSTRAINT "near_duplicate_dismissals_media_id_high_media_id_fk" FOREIGN KEY ("media_id_high") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "near_duplicate_dismissals_high_idx" ON "near_duplicate_dismissals" USING btree ("media_id_high");--> statement-breakpoint
CREATE INDEX "media_phash_band0_idx" ON "media" USING btree ("phash_band0");--> statement-breakpoint
CREATE INDEX "media_phash_band1_idx" ON "media" USING btree ("phash_band1");--> statement-breakpoint
CREATE INDEX "media_phash_band2_idx" ON "media" USING btree ("phash_band2");--> statement-breakpoint
CREATE INDEX "media_phash_band3_idx" ON "media" USING btree ("phash_band3");--> statement-breakpoint
CREATE INDEX "media_near_duplicate_of_idx" ON "media" USING btree ("near_duplicate_of");