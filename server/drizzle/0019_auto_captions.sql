CREATE TABLE "auto_captions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid,
	"response_id" uuid,
	"language" text NOT NULL,
	"state" text NOT NULL,
	"progress" integer,
	"reason" text,
	"engine" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_captions_one_owner" CHECK (("auto_captions"."video_id" is null) <> ("auto_captions"."response_id" is null))
);
--> statement-breakpoint
ALTER TABLE "auto_captions" ADD CONSTRAINT "auto_captions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_captions" ADD CONSTRAINT "auto_captions_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_captions_video_idx" ON "auto_captions" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_captions_response_idx" ON "auto_captions" USING btree ("response_id");