CREATE TABLE "promo_code_offerings" (
	"promo_code_id" uuid NOT NULL,
	"offering_id" uuid NOT NULL,
	CONSTRAINT "promo_code_offerings_promo_code_id_offering_id_pk" PRIMARY KEY("promo_code_id","offering_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"duration" text NOT NULL,
	"duration_in_months" integer,
	"expires_on" date,
	"max_redemptions" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"stripe_coupon_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_stripe_coupon_id_unique" UNIQUE("stripe_coupon_id"),
	CONSTRAINT "promo_codes_one_discount" CHECK (("promo_codes"."percent_off" between 1 and 100 and "promo_codes"."amount_off_cents" is null) or ("promo_codes"."amount_off_cents" > 0 and "promo_codes"."percent_off" is null)),
	CONSTRAINT "promo_codes_months" CHECK (("promo_codes"."duration" = 'repeating') = ("promo_codes"."duration_in_months" is not null) and coalesce("promo_codes"."duration_in_months", 1) between 1 and 24)
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "promo_code_id" uuid;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "discount_percent_off" integer;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "discount_amount_off_cents" integer;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "discount_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_code_offerings" ADD CONSTRAINT "promo_code_offerings_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_offerings" ADD CONSTRAINT "promo_code_offerings_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_offerings_offering_idx" ON "promo_code_offerings" USING btree ("offering_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_user_code_idx" ON "promo_codes" USING btree ("user_id","code");--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;