ALTER TABLE "webhook_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
-- Events recorded before this column existed were handled.
UPDATE "webhook_events" SET "processed_at" = "received_at" WHERE "processed_at" IS NULL;
