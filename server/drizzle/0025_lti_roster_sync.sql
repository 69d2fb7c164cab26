CREATE TABLE "lti_context_members" (
	"platform_id" uuid NOT NULL,
	"context_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_context_members_platform_id_context_id_user_id_pk" PRIMARY KEY("platform_id","context_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "memberships_url" text;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "last_sync_members" integer;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "last_sync_error" text;--> statement-breakpoint
ALTER TABLE "lti_context_members" ADD CONSTRAINT "lti_context_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_context_members" ADD CONSTRAINT "lti_context_members_platform_id_context_id_lti_contexts_platform_id_context_id_fk" FOREIGN KEY ("platform_id","context_id") REFERENCES "public"."lti_contexts"("platform_id","context_id") ON DELETE cascade ON UPDATE no action;