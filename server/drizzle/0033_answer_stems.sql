ALTER TABLE "responses" ADD COLUMN "text_stems" text[] GENERATED ALWAYS AS (tsvector_to_array(to_tsvector('english'::regconfig, text))) STORED;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD COLUMN "stems" text[];--> statement-breakpoint
-- The answers' tracks captioned before this migration: the stems of their cues, as saveVersion keeps them.
UPDATE "caption_tracks" t SET "stems" = (
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM "caption_cues" cue,
    unnest(tsvector_to_array(to_tsvector('english'::regconfig, cue.plain_text))) w
  WHERE cue.track_id = t.id
) WHERE t.response_id IS NOT NULL;
