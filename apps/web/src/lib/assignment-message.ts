import type { AssignmentResult } from '@toolkit/contracts/devices.ts';
import { pluralize } from './pluralize.ts';

/**
 * §8's assignment success line with the right plural: '{n} devices successfully assigned to the
 * external system.' when any reached it, otherwise '{n} devices assigned locally...'.
 */
export function assignmentMessage(
  results: readonly Pick<AssignmentResult, 'navigatorAssigned' | 'localAssigned'>[],
): string {
  const external = results.filter((r) => r.navigatorAssigned).length;
  if (external > 0) return `${pluralize(external, 'device')} successfully assigned to the external system.`;
  return `${pluralize(results.filter((r) => r.localAssigned).length, 'device')} assigned locally...`;
}
