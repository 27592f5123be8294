import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampaignBusDetail } from '@toolkit/contracts/campaigns.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueue, flush, pendingEntries } from '../../../../lib/outbox/outbox.ts';
import { DEMO_USER } from '../../../../test/fixtures.ts';
import { apiError, installFetchMock, json, networkError } from '../../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeBusDetail, makeCampaignBus, sentWithoutTime } from '../../test-fixtures.ts';
import { BusChecklistScreen } from './bus-checklist-screen.tsx';

const api = installFetchMock();
const BUS_URL = '/api/campaign-buses/77';
const TICK_URL = `${BUS_URL}/items/harness`;

const renderChecklist = (bus: CampaignBusDetail = makeBusDetail()) => {
  api.on('GET', BUS_URL, json(bus));
  return renderWithProviders(<BusChecklistScreen busId={77} />, { user: DEMO_USER, clientId: 3 });
};
const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
afterEach(() => vi.restoreAllMocks());

describe('the bus checklist', () => {
  it('groups the items Fit, Test, Photos, Checks; derived items show their evidence and "Go" where they are made', async () => {
    renderChecklist();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bus 1207' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Fit', 'Test', 'Photos', 'Checks']);
    expect(screen.getByRole('list', { name: 'Evidence for APC fitted' })).toHaveTextContent(
      'APC-1 · S/N SN-1',
    );
    expect(screen.getByRole('link', { name: 'Go to the devices for APC fitted' })).toHaveAttribute(
      'href',
      '/dashboard?vehicleId=11',
    );
    expect(screen.getByRole('link', { name: 'Go to the photos for After photo' })).toHaveAttribute(
      'href',
      '/vehicle/11/installation',
    );
    expect(screen.getByRole('link', { name: 'Open bus 1207 in the workspace' })).toHaveAttribute(
      'href',
      '/dashboard?vehicleId=11',
    );
    expect(screen.getByRole('checkbox', { name: 'Harness secured' })).not.toBeChecked();
  });

  it('shows a device assigned without signal as waiting, never as a fit item done', async () => {
    const bus = makeBusDetail();
    bus.items = bus.items.map((i) => (i.key === 'apc' ? { ...i, state: 'todo', evidence: {} } : i));
    await enqueue({
      label: 'Device APC-9 to 1207',
      method: 'POST',
      url: '/api/devices/assign',
      body: { deviceIds: ['APC-9'], vehicleId: 11, clientId: 3 },
      keyPrefix: 'assign',
    });
    await pendingEntries();
    renderChecklist(bus);
    const fit = (await screen.findByRole('heading', { name: 'Fit' })).closest('section') ?? document.body;
    expect(within(fit).getByRole('list', { name: 'Assignments waiting to be sent' })).toHaveTextContent(
      'Device APC-9 to this vehicle',
    );
    expect(within(fit).getByText('To do')).toBeInTheDocument();
  });

  it('keeps a tick made without signal, "Waiting to sync" until the server has it; derived items stay as they are', async () => {
    renderChecklist();
    goOffline();
    api.on('PUT', TICK_URL, networkError());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Harness secured' }));
    expect(await screen.findByText('Waiting to sync')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Harness secured' })).toBeChecked();
    const test = screen.getByRole('heading', { name: 'Test' }).closest('section');
    expect(test).not.toBeNull();
    expect(within(test ?? document.body).getByText('To do')).toBeInTheDocument();

    // The signal is back: the tick goes, with the phone's time; the server's copy is read again.
    vi.restoreAllMocks();
    const ticked = makeBusDetail();
    ticked.items = ticked.items.map((i) => (i.key === 'harness' ? { ...i, state: 'done' } : i));
    api.on('PUT', TICK_URL, json({})).on('GET', BUS_URL, json(ticked));
    await act(async () => {
      await flush();
    });
    expect(sentWithoutTime(api.callsTo('PUT', TICK_URL).at(-1)?.body)).toEqual({
      state: 'done',
      note: null,
    });
    expect(screen.queryByText('Waiting to sync')).not.toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Harness secured' })).toBeChecked();
  });

  it('rolls a queued tick back when the server refuses it on replay, and says why on the item', async () => {
    renderChecklist();
    goOffline();
    api.on('PUT', TICK_URL, networkError());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Harness secured' }));
    expect(await screen.findByText('Waiting to sync')).toBeInTheDocument();

    vi.restoreAllMocks();
    const refusal = 'Bus 1207 is accepted; ask a supervisor to reopen it.';
    api.on('PUT', TICK_URL, apiError(409, 'BUS_ACCEPTED', refusal));
    await act(async () => {
      await flush();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('checkbox', { name: 'Harness secured' })).not.toBeChecked();
    expect(screen.queryByText('Waiting to sync')).not.toBeInTheDocument();
  });

  it('lists what is missing at submit and asks a reason for each, or goes back', async () => {
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(
      screen.getByText('Bus 1207 is missing: Connectivity test, After photo, Harness secured'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit with reasons' }));
    expect(screen.getAllByText('A reason is required.')).toHaveLength(3);
    expect(api.callsTo('POST', `${BUS_URL}/submit`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByText(/is missing/)).not.toBeInTheDocument();

    api.on('POST', `${BUS_URL}/submit`, json({}));
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await userEvent.type(screen.getByLabelText('Reason for Connectivity test'), 'No signal in the depot');
    await userEvent.type(screen.getByLabelText('Reason for After photo'), 'Camera broken');
    await userEvent.type(screen.getByLabelText('Reason for Harness secured'), 'Checked by Casey');
    await userEvent.click(screen.getByRole('button', { name: 'Submit with reasons' }));
    expect(sentWithoutTime(api.callsTo('POST', `${BUS_URL}/submit`)[0]?.body)).toEqual({
      exceptions: {
        connectivity: 'No signal in the depot',
        after_photo: 'Camera broken',
        harness: 'Checked by Casey',
      },
    });
  });

  it('reports a blocker ("Other" needs a note) and shows it waiting to sync without signal', async () => {
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Report a blocker' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    await userEvent.click(screen.getByRole('button', { name: 'Report blocker' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Add a note for "Other".');

    goOffline();
    api.on('POST', `${BUS_URL}/block`, networkError());
    await userEvent.type(screen.getByLabelText('Note'), 'Roof hatch rusted shut');
    await userEvent.click(screen.getByRole('button', { name: 'Report blocker' }));
    const blocker = await screen.findByText('Blocked: Other: Roof hatch rusted shut');
    expect(blocker.closest('div')).toHaveTextContent('Waiting to sync');
  });

  it("shows a blocker kept with its photo (named by the photo's local id) as waiting to sync", async () => {
    await enqueue({
      label: 'Bus 1207: blocker Wiring or power problem',
      method: 'POST',
      url: `${BUS_URL}/block`,
      body: {
        code: 'wiring_power',
        note: 'No ignition feed',
        photoId: -12345,
        occurredAt: new Date().toISOString(),
      },
      subject: 77,
      keyPrefix: 'campaign-block',
    });
    await pendingEntries();
    goOffline();
    renderChecklist();
    const blocker = await screen.findByText('Blocked: Wiring or power problem: No ignition feed');
    expect(blocker.closest('div')).toHaveTextContent('Waiting to sync');
  });

  it('says what the server says with a write it took: a bus waiting for review is back in progress', async () => {
    const waiting = makeBusDetail({ state: 'ready_for_review' });
    api.on('GET', BUS_URL, json(waiting));
    renderWithProviders(<BusChecklistScreen busId={77} />, { user: DEMO_USER, clientId: 3, toaster: true });
    const message = 'Bus 1207 is back in progress; submit it again when ready.';
    api.on(
      'PUT',
      TICK_URL,
      json({ ...makeCampaignBus({ id: 77, fleetNumber: '1207', state: 'in_progress' }), message }),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Harness secured' }));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
  });

  it('locks a bus assigned to someone else, saying so', async () => {
    renderChecklist(makeBusDetail({ assignee: { id: 8, name: 'Casey Crew' } }));
    expect(await screen.findByText('Bus 1207 is assigned to Casey Crew.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Harness secured' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).not.toBeInTheDocument();
  });
});
