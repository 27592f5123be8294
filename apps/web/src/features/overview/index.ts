export { useClient } from './api/get-client.ts';
