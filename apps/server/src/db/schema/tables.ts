/**
 * The database schema, one file per concern; this file gathers them for drizzle (client and
 * drizzle-kit) and for repositories. Enum-like text columns take their values from the contracts'
 * constants, so a row's type is the contract's type without a cast.
 */
export * from './accounts.ts';
export * from './config-tests.ts';
export * from './fleet.ts';
export * from './installation.ts';
export * from './support.ts';
export * from './sync.ts';
export * from './vin.ts';
export * from './generated-reports.ts';
export * from './navigator-uploads.ts';
export * from './list-delta.ts';
export * from './campaigns.ts';
export * from './vehicle-revisions.ts';
