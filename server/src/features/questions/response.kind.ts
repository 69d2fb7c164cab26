import { RESPONSE_ID_HEADER, VideoResponseFields } from '@lectern/shared';
import { badRequest } from '../../lib/errors';
import type { UploadKind } from '../videos/public';
import type { ResponsesService } from './responses.service';

// kind=response: Upload-Metadata questionID (and title). The final PATCH answers with the new response's
// id in the Lectern-Response-Id header. The poster is always the uploading user.

const ResponseMetadata = VideoResponseFields.pick({ questionID: true, title: true });

function parse(metadata: Record<string, string>) {
  const parsed = ResponseMetadata.safeParse({ questionID: metadata.questionID, title: metadata.title });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid upload metadata');
  return parsed.data;
}

export function responseKind(responses: ResponsesService): UploadKind {
  return {
    async authorizeCreate(_deps, user, metadata) {
      const fields = parse(metadata);
      await responses.authorize(user, fields);
      return fields;
    },
    async complete(_deps, user, ingested, metadata) {
      const answer = await responses.attach(user, parse(metadata), ingested);
      return { [RESPONSE_ID_HEADER]: answer.id };
    },
  };
}
