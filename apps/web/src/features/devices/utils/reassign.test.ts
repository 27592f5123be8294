import { describe, expect, it } from 'vitest';
import { reassignQuestion } from './reassign.ts';

describe('reassignQuestion', () => {
  it('names the other bus of one device as Overview, Devices and Vehicles always did', () => {
    expect(reassignQuestion([{ deviceId: 'GPS-1', from: 'BUS-7' }], 'BUS-9')).toBe(
      'GPS-1 is assigned to vehicle BUS-7. Move it to vehicle BUS-9?',
    );
  });

  it('names the bus of each device when several move', () => {
    expect(
      reassignQuestion(
        [
          { deviceId: 'GPS-1', from: 'BUS-7' },
          { deviceId: 'TAB-2', from: 'BUS-8' },
        ],
        'BUS-9',
      ),
    ).toBe(
      'GPS-1 is assigned to vehicle BUS-7. TAB-2 is assigned to vehicle BUS-8. Move them to vehicle BUS-9?',
    );
  });
});
