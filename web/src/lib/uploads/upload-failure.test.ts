import { MEDIA } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { uploadFailureReason } from './upload-failure';

const answered = (status: number, body = '') => ({
  message: 'tus: unexpected response',
  originalResponse: { getStatus: () => status, getBody: () => body },
});

describe('upload failure reason', () => {
  it('gives the server’s reason for a refusal', () => {
    const body = JSON.stringify({ error: 'Storage: 50 GB of 50 GB used', code: 'PAYLOAD_TOO_LARGE' });
    expect(uploadFailureReason(answered(413, body))).toBe('Storage: 50 GB of 50 GB used');
  });

  it('words a refused type and other statuses when the answer has no reason, never a bare number', () => {
    expect(uploadFailureReason(answered(415))).toBe(MEDIA.notAVideo);
    expect(uploadFailureReason(answered(500, '{"error":"Internal Server Error"}'))).toBe(
      'The server could not take it (error 500). Try again later.',
    );
  });

  it('words the API’s errors (a YouTube link) the same way', () => {
    expect(uploadFailureReason(new ApiError(400, 'Invalid YouTube link', 'BAD_REQUEST'))).toBe(
      'Invalid YouTube link',
    );
    expect(uploadFailureReason(new ApiError(503, 'down', 'X'))).toBe(
      'The server could not take it (error 503). Try again later.',
    );
  });

  it('says the connection was lost when no answer came', () => {
    expect(uploadFailureReason(new Error('tus: failed to upload chunk at offset 0'))).toBe(
      'The connection was lost. Check your network and retry.',
    );
  });
});
