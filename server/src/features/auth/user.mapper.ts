import type { UserDto } from '@lectern/shared';
import type { UserRow } from './users.repository';

/** The wire shape of a user: never the hash (SECURITY AC-10). */
export const toUserDto = (user: Pick<UserRow, 'id' | 'name' | 'email'>): UserDto => ({
  id: user.id,
  _id: user.id,
  name: user.name,
  email: user.email,
});
