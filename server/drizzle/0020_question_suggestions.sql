-- Question suggestions (issue 24): trigram similarity. A trusted extension, so the database's owner may create it;
-- PGlite loads the same extension from its own bundle (server/src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "suggestion_acceptances" (
	"question_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestion_acceptances_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "suggestion_acceptances" ADD CONSTRAINT "suggestion_acceptances_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestion_acceptances" ADD CONSTRAINT "suggestion_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_answered_trgm_idx" ON "questions" USING gin ("question" gin_trgm_ops) WHERE "questions"."response_id" is not null;--> statement-breakpoint
CREATE INDEX "questions_answered_english_idx" ON "questions" USING gin (to_tsvector('english'::regconfig, "question")) WHERE "questions"."response_id" is not null;