-- Many questions fast, for the list plans test and the instructor-lists bench (issue 14). Placeholders
-- ({{name}}) are filled by bulkQuestionsSql (bulk-questions.mjs):
-- {{owner}} administers {{courses}} new courses tagged {{tag}}, each with two released lectures of one
-- video; every video gets {{perVideo}} questions, every {{answeredEvery}}th one answered (0: none) by the
-- response {{response}}. A video shares its lecture's id, which pairs them without a lookup, and has a
-- link of its own (one link is one recording to the suggestion matcher).
insert into courses (name, description, created_by)
  select 'Bulk course ' || g, '{{tag}}', '{{owner}}' from generate_series(1, {{courses}}) g;
insert into course_admins (course_id, user_id)
  select id, '{{owner}}' from courses where description = '{{tag}}';
insert into lectures (course_id, title, lecture_date, lecture_date_available, lecture_date_start, lecture_date_end)
  select c.id, 'Bulk lecture ' || k, now() - k * interval '1 day', now() - interval '30 days',
    now() - k * interval '1 day', now() - k * interval '1 day' + interval '1 hour'
  from courses c, generate_series(1, 2) k where c.description = '{{tag}}';
insert into videos (id, title, source_type, youtube_url, duration_seconds)
  select l.id, 'Bulk video', 'youtubeLink', 'https://www.youtube.com/watch?v=' || left(md5(l.id::text), 11), 3600
  from lectures l join courses c on c.id = l.course_id where c.description = '{{tag}}';
insert into lecture_videos (lecture_id, video_id, position)
  select l.id, l.id, 0 from lectures l join courses c on c.id = l.course_id where c.description = '{{tag}}';
insert into responses (id, title) values ('{{response}}', 'Bulk answer') on conflict do nothing;
-- meaning: a one-byte stand-in, no sentence encoder's, so that the suggestions' backfill leaves these
-- many rows alone (features/suggestions/meaning-backfill.ts); the suggestions bench writes real ones.
insert into questions (video_id, lecture_id, question, meaning, time_asked, time_posted, response_id, answered_at)
  select l.id, l.id, 'Bulk question ' || n || ' about the sampling theorem', '\x00'::bytea, n % 3600,
    now() - n * interval '1 second',
    case when {{answeredEvery}} > 0 and n % {{answeredEvery}} = 0 then '{{response}}'::uuid end,
    case when {{answeredEvery}} > 0 and n % {{answeredEvery}} = 0 then now() end
  from lectures l join courses c on c.id = l.course_id, generate_series(1, {{perVideo}}) n
  where c.description = '{{tag}}';
analyze;
