CREATE TABLE "lti_gradebook_lectures" (
	"lecture_id" uuid PRIMARY KEY NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_gradebook_scores" (
	"lecture_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"queued" boolean DEFAULT false NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_percent" real,
	CONSTRAINT "lti_gradebook_scores_lecture_id_user_id_pk" PRIMARY KEY("lecture_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lti_line_items" (
	"platform_id" uuid NOT NULL,
	"context_id" text NOT NULL,
	"lecture_id" uuid NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_line_items_platform_id_context_id_lecture_id_pk" PRIMARY KEY("platform_id","context_id","lecture_id")
);
--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "line_items_url" text;--> statement-breakpoint
ALTER TABLE "lti_contexts" ADD COLUMN "ags_scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lti_gradebook_lectures" ADD CONSTRAINT "lti_gradebook_lectures_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_gradebook_scores" ADD CONSTRAINT "lti_gradebook_scores_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_gradebook_scores" ADD CONSTRAINT "lti_gradebook_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD CONSTRAINT "lti_line_items_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_line_items" ADD CONSTRAINT "lti_line_items_platform_id_context_id_lti_contexts_platform_id_context_id_fk" FOREIGN KEY ("platform_id","context_id") REFERENCES "public"."lti_contexts"("platform_id","context_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_line_items_lecture_idx" ON "lti_line_items" USING btree ("lecture_id");