CREATE TABLE "lti_deep_link_requests" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"deployment_id" text NOT NULL,
	"context_id" text,
	"return_url" text NOT NULL,
	"data" text,
	"accept_multiple" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lti_deep_link_requests" ADD CONSTRAINT "lti_deep_link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_deep_link_requests" ADD CONSTRAINT "lti_deep_link_requests_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_deep_link_requests_expires_idx" ON "lti_deep_link_requests" USING btree ("expires_at");