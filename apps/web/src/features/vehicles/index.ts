export { apiRequestWithKey, newIdempotencyKey } from './api/request-with-key.ts';
