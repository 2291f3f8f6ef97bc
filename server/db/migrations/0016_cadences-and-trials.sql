ALTER TABLE "offerings" ADD COLUMN "cadence" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "trial_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "cadence" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_cadence" CHECK ("offerings"."cadence" in ('week', 'two_weeks', 'month', 'three_months', 'year'));--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_trial_days" CHECK ("offerings"."trial_days" in (0, 7, 14, 30));--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_cadence" CHECK ("subscribers"."cadence" in ('week', 'two_weeks', 'month', 'three_months', 'year'));