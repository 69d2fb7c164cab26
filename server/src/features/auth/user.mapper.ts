import type { UserDto } from '@lectern/shared';
import type { UserRow } from './users.repository';

/** The wire shape of a user: never the hash (SECURITY AC-10); and whether it administers the installation. */
export const toUserDto = (
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
  installationAdmin: boolean,
): UserDto => ({
  id: user.id,
  _id: user.id,
  name: user.name,
  email: user.email,
  installationAdmin,
});
