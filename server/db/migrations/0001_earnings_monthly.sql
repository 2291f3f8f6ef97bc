CREATE TABLE "creator_earnings_monthly" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"gross_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"payments" integer NOT NULL,
	CONSTRAINT "creator_earnings_monthly_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "creator_earnings_monthly" ADD CONSTRAINT "creator_earnings_monthly_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill from the payments already recorded, so existing creators' totals stay right.
INSERT INTO "creator_earnings_monthly" ("user_id", "month", "gross_cents", "fee_cents", "net_cents", "payments")
SELECT "user_id", date_trunc('month', "payment_date" AT TIME ZONE 'UTC')::date,
       sum("gross_amount_cents"), sum("platform_fee_cents"), sum("net_amount_cents"), count(*)
FROM "creator_earnings"
GROUP BY 1, 2;
