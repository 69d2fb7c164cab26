CREATE TABLE "merged_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kept_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"email_verified_at" timestamp with time zone,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_invitation_mails" (
	"course_id" uuid NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_invitation_mails_course_id_email_pk" PRIMARY KEY("course_id","email")
);
--> statement-breakpoint
DROP INDEX "users_verified_email_idx";--> statement-breakpoint
DROP INDEX "users_email_lower_idx";--> statement-breakpoint
ALTER TABLE "merged_accounts" ADD CONSTRAINT "merged_accounts_kept_id_users_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_invitation_mails" ADD CONSTRAINT "course_invitation_mails_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 20: an address belongs to one account, verified or not. Accounts sharing an address (in any case)
-- fold into its oldest (created_at, then id); the others are listed in merged_accounts for the operator,
-- and everything they owned is re-pointed to the kept account before they go.
INSERT INTO "merged_accounts" ("id", "kept_id", "email", "name", "created_at", "email_verified_at")
SELECT "id", "kept_id", "email", "name", "created_at", "email_verified_at" FROM (
	SELECT u."id", u."email", u."name", u."created_at", u."email_verified_at",
		first_value(u."id") OVER (PARTITION BY lower(u."email") ORDER BY u."created_at", u."id") AS "kept_id"
	FROM "users" u
) ranked WHERE "id" <> "kept_id";
--> statement-breakpoint
-- Every column naming an account moves to the kept one. Rows keyed by (thing, account) first lose a merged
-- account's row when the kept account, or an older merged one, has one for the same thing (the oldest
-- account's vote, say, is the one kept).
DO $$
DECLARE
	c record;
BEGIN
	FOR c IN SELECT * FROM (VALUES
		('courses', 'created_by', NULL), ('course_invitations', 'invited_by', NULL),
		('course_invitations', 'invitee_id', NULL), ('meetings', 'instructor_id', NULL),
		('responses', 'poster_id', NULL), ('questions', 'asker_id', NULL), ('videos', 'uploader_id', NULL),
		('caption_versions', 'created_by', NULL), ('usage_events', 'user_id', NULL),
		('course_admins', 'user_id', 'course_id'), ('course_members', 'user_id', 'course_id'),
		('lecture_members', 'user_id', 'lecture_id'), ('question_votes', 'user_id', 'question_id'),
		('usage_video_users', 'user_id', 'video_id')
	) AS v(tab, account, thing) LOOP
		IF c.thing IS NOT NULL THEN
			EXECUTE format('DELETE FROM %1$I a USING "merged_accounts" m WHERE a.%2$I = m."id" AND EXISTS (
				SELECT 1 FROM %1$I b LEFT JOIN "merged_accounts" mb ON mb."id" = b.%2$I
				WHERE b.%3$I = a.%3$I AND (b.%2$I = m."kept_id"
					OR (mb."kept_id" = m."kept_id" AND (mb."created_at", mb."id") < (m."created_at", m."id"))))',
				c.tab, c.account, c.thing);
		END IF;
		EXECUTE format('UPDATE %1$I SET %2$I = m."kept_id" FROM "merged_accounts" m WHERE %1$I.%2$I = m."id"',
			c.tab, c.account);
	END LOOP;
END $$;
--> statement-breakpoint
-- An administrator of a course is not also its student (SPEC §6).
DELETE FROM "course_members" cm USING "course_admins" ca WHERE ca."course_id" = cm."course_id" AND ca."user_id" = cm."user_id"
	AND cm."user_id" IN (SELECT "kept_id" FROM "merged_accounts");
--> statement-breakpoint
-- A kept account that never proved the address may be anyone's: its sessions end, and whoever reads the
-- address's mail takes it over with a password reset.
DELETE FROM "sessions" s USING "users" k
WHERE s."user_id" = k."id" AND k."email_verified_at" IS NULL AND k."id" IN (SELECT "kept_id" FROM "merged_accounts");
--> statement-breakpoint
-- Their sessions, reset and verification links and idempotency records go with them (ON DELETE CASCADE).
DELETE FROM "users" WHERE "id" IN (SELECT "id" FROM "merged_accounts");
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique_idx" ON "users" USING btree (lower("email"));