CREATE TABLE "creator_plan_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"stripe_subscription_id" text,
	"repricing_queued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_plan_periods_billed" CHECK (("creator_plan_periods"."plan" = 'free') = ("creator_plan_periods"."stripe_subscription_id" is null))
);
--> statement-breakpoint
ALTER TABLE "creator_earnings" ADD COLUMN "plan" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_plan_periods" ADD CONSTRAINT "creator_plan_periods_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_plan_periods_unrepriced_idx" ON "creator_plan_periods" USING btree ("effective_at") WHERE "creator_plan_periods"."repricing_queued_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_plan_periods_user_moment_uidx" ON "creator_plan_periods" USING btree ("user_id","effective_at");