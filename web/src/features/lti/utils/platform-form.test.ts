import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { EMPTY_DRAFT, placeRefusal, registrationOf } from './platform-form';

describe('the platform form', () => {
  it('sends the lists one entry a line, blank lines left out', () => {
    const sent = registrationOf({ ...EMPTY_DRAFT, deploymentIds: ' 1\n\n2 \n', frameOrigins: '' });
    expect(sent.deploymentIds).toEqual(['1', '2']);
    expect(sent.frameOrigins).toEqual([]);
  });

  it("places the server's messages beside the fields they name, the first for each", () => {
    const refused = new ApiError(400, 'Give at least one deployment id', 'VALIDATION', {
      issues: [
        { path: 'deploymentIds', message: 'Give at least one deployment id' },
        { path: 'frameOrigins.1', message: 'Give a frame origin as a URL' },
        { path: 'frameOrigins.2', message: 'A later one' },
      ],
    });
    expect(placeRefusal(refused, 'fallback')).toEqual({
      fields: {
        deploymentIds: 'Give at least one deployment id',
        frameOrigins: 'Give a frame origin as a URL',
      },
      form: '',
    });
  });

  it('shows any other refusal on the form', () => {
    const conflict = new ApiError(409, 'Registered already', 'CONFLICT', { error: 'Registered already' });
    expect(placeRefusal(conflict, 'fallback')).toEqual({ fields: {}, form: 'Registered already' });
    expect(placeRefusal(new Error('boom'), 'fallback')).toEqual({ fields: {}, form: 'fallback' });
  });
});
