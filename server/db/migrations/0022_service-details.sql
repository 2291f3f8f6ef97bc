CREATE TABLE "offering_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offering_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"choices" text[] DEFAULT '{}'::text[] NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offering_id" uuid NOT NULL,
	"attempt_key" text NOT NULL,
	"stripe_subscription_id" text,
	"waitlist_entry_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"address_line1" text,
	"address_line2" text,
	"address_city" text,
	"address_state" text,
	"address_postal_code" text,
	"address_country" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"holds_seat" boolean DEFAULT false NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "signups_attempt_key_unique" UNIQUE("attempt_key"),
	CONSTRAINT "signups_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "subscriber_answers" (
	"subscriber_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriber_answers_subscriber_id_question_id_pk" PRIMARY KEY("subscriber_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offering_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"address_line1" text,
	"address_line2" text,
	"address_city" text,
	"address_state" text,
	"address_postal_code" text,
	"address_country" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"invite_token_hash" text,
	"invited_at" timestamp with time zone,
	"invite_expires_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_invite_token_hash_unique" UNIQUE("invite_token_hash"),
	CONSTRAINT "waitlist_entries_invited" CHECK ("waitlist_entries"."status" <> 'invited' or ("waitlist_entries"."invite_token_hash" is not null and "waitlist_entries"."invite_expires_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "on_site" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "service_area" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "address_state" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "address_postal_code" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "address_country" text;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "postal_key" text GENERATED ALWAYS AS (upper(regexp_replace(address_postal_code, '[[:space:]-]', '', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "offering_questions" ADD CONSTRAINT "offering_questions_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_waitlist_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("waitlist_entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_answers" ADD CONSTRAINT "subscriber_answers_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_answers" ADD CONSTRAINT "subscriber_answers_question_id_offering_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."offering_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offering_questions_offering_idx" ON "offering_questions" USING btree ("offering_id","position");--> statement-breakpoint
CREATE INDEX "signups_open_holds_idx" ON "signups" USING btree ("offering_id","hold_expires_at") WHERE "signups"."state" = 'open' and "signups"."holds_seat";--> statement-breakpoint
CREATE INDEX "signups_created_idx" ON "signups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscriber_answers_question_idx" ON "subscriber_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offering_idx" ON "waitlist_entries" USING btree ("offering_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_open_email_idx" ON "waitlist_entries" USING btree ("offering_id",lower("email")) WHERE "waitlist_entries"."status" in ('waiting', 'invited');--> statement-breakpoint
CREATE INDEX "subscribers_user_postal_idx" ON "subscribers" USING btree ("user_id","postal_key");--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_capacity" CHECK ("offerings"."capacity" is null or "offerings"."capacity" between 1 and 10000);