ALTER TABLE "tasks" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
-- Tasks cancelled before kept raw error text (paths, tool output): they read the generic sentence
-- now, and still do not count toward the limit, as before.
UPDATE "tasks" SET "cancel_reason" = 'render_failed' WHERE "state" = 'CANCELLED';--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "error";
