CREATE TABLE "caption_cues" (
	"track_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"start_seconds" double precision NOT NULL,
	"end_seconds" double precision NOT NULL,
	"text" text NOT NULL,
	"plain_text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, plain_text)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caption_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"vtt" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caption_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid,
	"response_id" uuid,
	"language" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caption_tracks_one_owner" CHECK (("caption_tracks"."video_id" is null) <> ("caption_tracks"."response_id" is null))
);
--> statement-breakpoint
CREATE TABLE "caption_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"track_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"sha256" text NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "caption_cues" ADD CONSTRAINT "caption_cues_track_id_caption_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."caption_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_versions" ADD CONSTRAINT "caption_versions_track_id_caption_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."caption_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_versions" ADD CONSTRAINT "caption_versions_sha256_caption_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."caption_files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_versions" ADD CONSTRAINT "caption_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caption_cues_track_position_idx" ON "caption_cues" USING btree ("track_id","position");--> statement-breakpoint
CREATE INDEX "caption_cues_search_idx" ON "caption_cues" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "caption_tracks_video_lang_idx" ON "caption_tracks" USING btree ("video_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "caption_tracks_response_lang_idx" ON "caption_tracks" USING btree ("response_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "caption_versions_track_version_idx" ON "caption_versions" USING btree ("track_id","version");--> statement-breakpoint
CREATE INDEX "questions_search_idx" ON "questions" USING gin (to_tsvector('simple'::regconfig, "question"));