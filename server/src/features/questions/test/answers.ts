import type { VideoResponseAnswer } from '@lectern/shared';
import { expectStatus } from '../../../../test/calls';
import type { TestUser } from '../../../../test/factories';
import type { TestApp } from '../../../../test/test-app';
import { fixture, multipart } from '../../videos/test/video-world';

/** Answers a question with a test video through POST /api/upload/videoResponse, as `as`; expects 201. */
export async function answerWithVideo(
  t: TestApp,
  as: TestUser,
  questionID: string,
  { file = 'answer-4s.mp4', title = 'Answer' } = {},
): Promise<VideoResponseAnswer> {
  const body = multipart({ questionID, title }, { name: file, data: fixture(file) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/videoResponse',
    payload: body.payload,
    headers: { ...body.headers, ...as.auth },
  });
  expectStatus(res, 201);
  return res.json<VideoResponseAnswer>();
}
