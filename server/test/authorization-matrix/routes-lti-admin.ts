import { randomUUID } from 'node:crypto';
import { type Row, nobody } from './table';

// The installation admin's LTI platforms (issue 23): no role of the matrix's world administers the
// installation (LECTERN_ADMIN_EMAILS is unset there), so every caller is refused, course admins included.
// The admin's own use: features/lti/platforms-admin.api.test.ts.

const PATH = '/api/admin/lti/platforms';
const registration = {
  name: 'Matrix LMS',
  issuer: 'https://lms.matrix.test',
  clientId: 'matrix-client',
  deploymentIds: ['1'],
  authLoginUrl: 'https://lms.matrix.test/auth',
  accessTokenUrl: 'https://lms.matrix.test/token',
  jwksUrl: 'https://lms.matrix.test/jwks',
  frameOrigins: ['https://lms.matrix.test'],
  trustEmail: false,
};

export const ltiAdminRows: Row[] = [
  { method: 'GET', route: PATH, url: () => PATH, expect: nobody(403), mutates: false },
  {
    method: 'POST',
    route: PATH,
    url: () => PATH,
    payload: () => ({ body: registration }),
    expect: nobody(403),
    mutates: true,
  },
  {
    method: 'PUT',
    route: `${PATH}/:id`,
    url: () => `${PATH}/${randomUUID()}`,
    payload: () => ({ body: registration }),
    expect: nobody(403),
    mutates: true,
  },
  {
    method: 'DELETE',
    route: `${PATH}/:id`,
    url: () => `${PATH}/${randomUUID()}`,
    expect: nobody(403),
    mutates: true,
  },
];
