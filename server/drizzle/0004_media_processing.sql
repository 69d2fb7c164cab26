CREATE TABLE "media_processing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid,
	"lecture_id" uuid,
	"response_id" uuid,
	"question_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "responses" ALTER COLUMN "media_sha256" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "progress" integer;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "has_poster" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "pending_response_id" uuid;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_processing" ADD CONSTRAINT "media_processing_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_processing" ADD CONSTRAINT "media_processing_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_processing" ADD CONSTRAINT "media_processing_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_processing" ADD CONSTRAINT "media_processing_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_processing_lecture_idx" ON "media_processing" USING btree ("lecture_id");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_pending_response_id_responses_id_fk" FOREIGN KEY ("pending_response_id") REFERENCES "public"."responses"("id") ON DELETE set null ON UPDATE no action;