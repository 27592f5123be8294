import { describe, expect, it } from 'vitest';
import { assignmentMessage } from './assignment-message.ts';
import { pluralize } from './pluralize.ts';

describe('pluralize', () => {
  it('uses the singular for exactly one and the plural otherwise, with grouped digits', () => {
    expect(pluralize(1, 'device')).toBe('1 device');
    expect(pluralize(0, 'device')).toBe('0 devices');
    expect(pluralize(2, 'vehicle')).toBe('2 vehicles');
    expect(pluralize(15204, 'device')).toBe('15,204 devices');
    expect(pluralize(3, 'battery', 'batteries')).toBe('3 batteries');
  });
});

describe('assignmentMessage (§8)', () => {
  const result = (navigatorAssigned: boolean, localAssigned = true) => ({ navigatorAssigned, localAssigned });

  it('counts the devices that reached the external system, in the right number', () => {
    expect(assignmentMessage([result(true)])).toBe('1 device successfully assigned to the external system.');
    expect(assignmentMessage([result(true), result(true), result(false)])).toBe(
      '2 devices successfully assigned to the external system.',
    );
  });

  it('otherwise counts the devices assigned locally', () => {
    expect(assignmentMessage([result(false)])).toBe('1 device assigned locally...');
    expect(assignmentMessage([result(false), result(false), result(false, false)])).toBe(
      '2 devices assigned locally...',
    );
  });
});
