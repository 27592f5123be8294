import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDevice } from '../../../test/fixtures.ts';
import { DeviceMetadata, LowBatteryBadge } from './device-fields.tsx';

describe('DeviceMetadata', () => {
  it('shows labels in words with units instead of raw keys', () => {
    render(
      <DeviceMetadata
        device={makeDevice('GPS-1', 'GPS', {
          metadata: { clockDriftMs: -391, inputVoltage: 13.2, gpsCount: 9, temperature: 41 },
        })}
      />,
    );
    expect(screen.getByText('Clock drift').nextElementSibling).toHaveTextContent('-391 ms');
    expect(screen.getByText('Input voltage').nextElementSibling).toHaveTextContent('13.2 V');
    expect(screen.getByText('GPS satellites').nextElementSibling).toHaveTextContent('9');
    expect(screen.getByText('Temperature').nextElementSibling).toHaveTextContent('41 °C');
    expect(screen.queryByText(/Clock drift ms/)).toBeNull();
  });

  it('highlights a battery under 30 % (§9) and not one at 30 %', () => {
    const { rerender } = render(
      <DeviceMetadata device={makeDevice('T-1', 'Tablet', { metadata: { battery: 29 } })} />,
    );
    expect(screen.getByText(/29%/)).toHaveTextContent('29% (low)');
    expect(screen.getByText(/29%/)).toHaveClass('text-destructive');
    rerender(<DeviceMetadata device={makeDevice('T-1', 'Tablet', { metadata: { battery: 30 } })} />);
    expect(screen.getByText('30%')).not.toHaveClass('text-destructive');
  });

  it('puts a low-battery badge on the list row only under 30 %', () => {
    const { rerender } = render(
      <LowBatteryBadge device={makeDevice('T-2', 'Tablet', { metadata: { battery: 12 } })} />,
    );
    expect(screen.getByText('Battery 12%')).toBeInTheDocument();
    rerender(<LowBatteryBadge device={makeDevice('T-2', 'Tablet', { metadata: { battery: 80 } })} />);
    expect(screen.queryByText(/Battery/)).toBeNull();
  });
});
