CREATE TABLE "closed_subscriptions" (
	"manage_key" uuid PRIMARY KEY NOT NULL,
	"custom_url" text NOT NULL,
	"offering_title" text NOT NULL,
	"business_name" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriber_email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"undo_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "subscriber_email_changes_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "subscriber_email_changes_undo_token_hash_unique" UNIQUE("undo_token_hash")
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "manage_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- Links e-mailed before manage keys existed carry the subscriber id; they keep working (ADR 022).
UPDATE "subscribers" SET "manage_key" = "id";--> statement-breakpoint
ALTER TABLE "subscriber_email_changes" ADD CONSTRAINT "subscriber_email_changes_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriber_email_changes_subscriber_idx" ON "subscriber_email_changes" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_to_created_idx" ON "email_outbox" USING btree (lower("to"),"created_at");--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_manage_key_unique" UNIQUE("manage_key");