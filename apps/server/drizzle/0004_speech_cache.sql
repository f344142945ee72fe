CREATE TABLE "speech_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "speech_cache_used_idx" ON "speech_cache" USING btree ("used_at");