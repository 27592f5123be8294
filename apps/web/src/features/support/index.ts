// The screen itself is imported by app/routes/support.tsx from its own module, so that what other
// features use from here (the /clients access request) does not bring the screen's code along.
export { createSupportRequest, useCreateSupportRequest } from './api/create-support-request.ts';
export { supportRequestsQueryOptions } from './api/get-support-requests.ts';
