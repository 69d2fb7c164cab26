ALTER TABLE "media_processing" ADD COLUMN "follow_up_id" uuid;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD COLUMN "answer_response_id" uuid;--> statement-breakpoint
ALTER TABLE "media_processing" ADD CONSTRAINT "media_processing_follow_up_id_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "public"."follow_ups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_answer_response_id_responses_id_fk" FOREIGN KEY ("answer_response_id") REFERENCES "public"."responses"("id") ON DELETE set null ON UPDATE no action;