CREATE TABLE "failed_card_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"client_address" text,
	"offering_id" uuid,
	"email_hash" text,
	"source" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "failed_card_attempts_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE INDEX "failed_card_attempts_address_idx" ON "failed_card_attempts" USING btree ("client_address","occurred_at");--> statement-breakpoint
CREATE INDEX "failed_card_attempts_offering_idx" ON "failed_card_attempts" USING btree ("offering_id","occurred_at");--> statement-breakpoint
CREATE INDEX "failed_card_attempts_email_idx" ON "failed_card_attempts" USING btree ("email_hash","occurred_at");--> statement-breakpoint
CREATE INDEX "failed_card_attempts_occurred_idx" ON "failed_card_attempts" USING btree ("occurred_at");