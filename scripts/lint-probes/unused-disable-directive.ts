// probe: apps/web/src/lib/probe.ts
// expect: unused-disable-directive
// A disable comment that disables nothing.
// eslint-disable-next-line no-console
export const probe = 1;
