import type { LoginAnswer, UserDto } from '@lectern/shared';
import { api } from '../../../lib/api-client';

export const fetchCurrentUser = (signal?: AbortSignal) => api<UserDto>('/api/login', { signal });
export const postSignup = (body: { name: string; email: string; password: string }) =>
  api<LoginAnswer>('/api/signup/', { method: 'POST', body });
export const postLogout = () => api<void>('/api/logout', { method: 'POST' });
export const postForgotPassword = (email: string) =>
  api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email } });
export const postResetPassword = (token: string, password: string) =>
  api<{ message: string }>('/api/auth/reset-password', { method: 'POST', body: { token, password } });
