CREATE TABLE "post_flags" (
	"post_kind" text NOT NULL,
	"post_id" uuid NOT NULL,
	"flagger_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_flags_post_kind_post_id_flagger_id_pk" PRIMARY KEY("post_kind","post_id","flagger_id")
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_flags" ADD CONSTRAINT "post_flags_flagger_id_users_id_fk" FOREIGN KEY ("flagger_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;