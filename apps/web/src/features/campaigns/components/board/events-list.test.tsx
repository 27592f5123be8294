import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CASEY, makeEvent } from '../../test-fixtures.ts';
import { EventsList } from './events-list.tsx';

/** 300 events, oldest first as the server sends them: the first one is Casey's claim of bus 1207. */
const EVENTS = [
  makeEvent(1, { kind: 'claimed', busId: 12, fleetNumber: '1207', actor: CASEY }),
  ...Array.from({ length: 299 }, (_, i) =>
    makeEvent(i + 2, {
      kind: 'item_set',
      busId: 13,
      fleetNumber: '1300',
      payload: { label: `Item ${String(i + 2)}` },
    }),
  ),
];

const items = () => within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem');

describe('events list', { timeout: 20_000 }, () => {
  it('draws the latest 50, the older ones on "Show older events" or "Show all"; the filters cover every event', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EventsList events={EVENTS} />);
    expect(items()).toHaveLength(50);
    expect(items()[0]).toHaveTextContent('Item 300');
    expect(screen.getByText('The latest 50 of 300 are shown.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show older events' }));
    expect(items()).toHaveLength(250);
    expect(screen.getByText('The latest 250 of 300 are shown.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show all 300 events' })).toBeNull();

    // The oldest event, far from the latest, is found by its bus and by its person.
    // The bus by its fleet number, typed: from its start, whatever its case.
    const bus = screen.getByRole('searchbox', { name: 'Bus' });
    await user.type(bus, '1207');
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveTextContent('Bus 1207');
    await user.clear(bus);
    await user.type(bus, '13');
    expect(items()).toHaveLength(50);
    expect(items()[0]).toHaveTextContent('Bus 1300');
    await user.clear(bus);
    await user.type(bus, '99');
    expect(screen.getByText('No events match.')).toBeInTheDocument();
    await user.clear(bus);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'Casey Crew');
    expect(items()).toHaveLength(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'Everyone');
    expect(items()).toHaveLength(50);

    await user.click(screen.getByRole('button', { name: 'Show all 300 events' }));
    expect(items()).toHaveLength(300);
    expect(items()[299]).toHaveTextContent('Bus 1207');
    expect(screen.queryByText(/are shown\.$/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Show/ })).toBeNull();
  });
});
