CREATE TABLE "subscriber_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"resumes_at" timestamp with time zone,
	"until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "subscriber_pauses_order" CHECK ("subscriber_pauses"."ended_at" is null or "subscriber_pauses"."ended_at" >= "subscriber_pauses"."started_at")
);
--> statement-breakpoint
CREATE TABLE "subscriber_switches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"from_offering_id" uuid,
	"to_offering_id" uuid,
	"from_price_cents" integer NOT NULL,
	"to_price_cents" integer NOT NULL,
	"effective_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "max_pause_periods" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriber_pauses" ADD CONSTRAINT "subscriber_pauses_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_switches" ADD CONSTRAINT "subscriber_switches_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_switches" ADD CONSTRAINT "subscriber_switches_from_offering_id_offerings_id_fk" FOREIGN KEY ("from_offering_id") REFERENCES "public"."offerings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_switches" ADD CONSTRAINT "subscriber_switches_to_offering_id_offerings_id_fk" FOREIGN KEY ("to_offering_id") REFERENCES "public"."offerings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriber_pauses_open_idx" ON "subscriber_pauses" USING btree ("subscriber_id") WHERE "subscriber_pauses"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "subscriber_pauses_subscriber_idx" ON "subscriber_pauses" USING btree ("subscriber_id","started_at");--> statement-breakpoint
CREATE INDEX "subscriber_switches_subscriber_idx" ON "subscriber_switches" USING btree ("subscriber_id","created_at");--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_max_pause_periods" CHECK ("offerings"."max_pause_periods" between 0 and 8);