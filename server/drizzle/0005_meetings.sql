CREATE TABLE "meetings" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"instructor_joined_at" timestamp with time zone,
	"instructor_id" uuid,
	"ended_at" timestamp with time zone,
	"meeting_id" text NOT NULL,
	"create_time" text,
	"end_token_hash" text,
	"record_id" text,
	CONSTRAINT "meetings_meeting_id_unique" UNIQUE("meeting_id")
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_instructor_id_users_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meetings_open_idx" ON "meetings" USING btree ("status","purpose");