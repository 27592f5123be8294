import { DEVICE_MESSAGES, type AssignmentResult } from '@toolkit/contracts/devices.ts';
import { pluralize } from './pluralize.ts';

/**
 * §8's assignment success line with the right plural: '{n} devices successfully assigned to the
 * external system.' when any reached it, otherwise '{n} devices assigned locally...'.
 */
export function assignmentMessage(
  results: readonly Pick<AssignmentResult, 'navigatorAssigned' | 'localAssigned'>[],
): string {
  const external = results.filter((r) => r.navigatorAssigned).length;
  if (external > 0) return DEVICE_MESSAGES.assigned(pluralize(external, 'device'), true);
  return DEVICE_MESSAGES.assigned(pluralize(results.filter((r) => r.localAssigned).length, 'device'), false);
}
