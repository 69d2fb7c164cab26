ALTER TABLE "responses" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "text_html" text;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "text_edited_at" timestamp with time zone;