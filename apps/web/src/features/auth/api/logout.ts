import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/logout: revokes the token on the server. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}
