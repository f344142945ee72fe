ALTER TABLE "media" ADD COLUMN "sha256" text;--> statement-breakpoint
CREATE INDEX "media_user_sha256_idx" ON "media" USING btree ("user_id","sha256");