export { createSupportRequest, useCreateSupportRequest } from './api/create-support-request.ts';
export { SupportScreen } from './components/support-screen.tsx';
