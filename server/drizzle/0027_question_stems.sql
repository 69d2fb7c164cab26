DROP INDEX "questions_answered_trgm_idx";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "question_stems" text GENERATED ALWAYS AS (strip(to_tsvector('english'::regconfig, question))::text) STORED;--> statement-breakpoint
CREATE INDEX "questions_answered_stems_trgm_idx" ON "questions" USING gin ("question_stems" gin_trgm_ops) WHERE "questions"."response_id" is not null;