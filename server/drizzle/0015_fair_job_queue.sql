-- Claims take turns between fair keys (jobs.repository.ts, claimJob): a conversion's key is its uploader,
-- any other job's its kind. Jobs already queued keep their order among themselves under their kind.
ALTER TABLE "jobs" ADD COLUMN "fair_key" text;--> statement-breakpoint
UPDATE "jobs" SET "fair_key" = "kind";--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "fair_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_fair_key_claimed_idx" ON "jobs" USING btree ("fair_key","claimed_at");--> statement-breakpoint
CREATE INDEX "jobs_running_fair_key_idx" ON "jobs" USING btree ("fair_key") WHERE "jobs"."state" = 'running';
