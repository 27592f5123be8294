import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { apiError, installFetchMock, json, type Answer, type Method } from '../../../test/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SupportScreen } from './support-screen.tsx';

// A mood goes through the outbox, kept in IndexedDB (in memory here).

const api = installFetchMock();
const STATS = {
  averageMood: 3.5,
  totalEntries: 2,
  moodDistribution: { Great: 1, Good: 0, Okay: 0, Poor: 1, Terrible: 0 },
};
const entry = (id: number, moodLabel: string, comment: string | null) => ({
  id,
  userId: 1,
  clientId: null,
  vehicleId: null,
  moodEmoji: '🙂',
  moodLabel,
  moodValue: 4,
  comment,
  workPhase: 'break',
  createdAt: '2026-01-05T10:00:00.000Z',
});

function answer(routes: Record<string, () => Answer>) {
  for (const [key, route] of Object.entries(routes)) {
    const [method, url] = key.split(' ') as [Method, string];
    api.on(method, url, () => route());
  }
}

beforeEach(() => {
  localStorage.clear();
});

describe('SupportScreen', () => {
  it('shows the five most recent moods and the statistics, and logs a mood', async () => {
    const entries = Array.from({ length: 7 }, (_, i) => entry(i + 1, 'Good', `note ${String(i + 1)}`));
    answer({
      'GET /api/mood-entries': () => json(entries),
      'GET /api/mood-stats': () => json(STATS),
      'POST /api/mood-entries': () => json(entry(8, 'Great', null), 201),
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportScreen />, { route: '/support' });
    const recent = await screen.findByRole('list', { name: 'Recent Moods' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(await screen.findByText('3.5 / 5')).toBeInTheDocument();
    const distribution = screen.getByRole('list', { name: 'Mood distribution' });
    expect(within(distribution).getAllByRole('listitem')[0]).toHaveTextContent('Great1');

    await user.click(screen.getByRole('button', { name: 'Log Mood' }));
    expect(await screen.findByText('Please choose a mood')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Great' }));
    await user.selectOptions(screen.getByLabelText('Work phase (optional)'), 'Break');
    await user.click(screen.getByRole('button', { name: 'Log Mood' }));
    await vi.waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Mood logged' }));
    const post = api.callsTo('POST', '/api/mood-entries')[0];
    expect(post?.headers['Idempotency-Key']).toMatch(/^mood:/);
    expect(post?.body).toEqual({
      clientId: null,
      vehicleId: null,
      moodEmoji: '😄',
      moodLabel: 'Great',
      moodValue: 5,
      comment: null,
      workPhase: 'break',
    });
  });

  it('keeps the mood on the phone when the server is down: saved, not failed', async () => {
    answer({
      'GET /api/mood-entries': () => json([]),
      'GET /api/mood-stats': () => json(STATS),
      'POST /api/mood-entries': () => apiError(503, 'UNAVAILABLE', 'down'),
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportScreen />, { route: '/support' });
    await user.click(screen.getByRole('radio', { name: 'Poor' }));
    await user.click(screen.getByRole('button', { name: 'Log Mood' }));
    await vi.waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Mood saved',
        description: 'Saved on this device — will be sent when online',
      }),
    );
  });

  it('says Failed to log mood when the server refuses', async () => {
    answer({
      'GET /api/mood-entries': () => json([]),
      'GET /api/mood-stats': () => json(STATS),
      'POST /api/mood-entries': () => apiError(400, 'VALIDATION_ERROR', 'Mood value must be between 1 and 5'),
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportScreen />, { route: '/support' });
    await user.click(screen.getByRole('radio', { name: 'Poor' }));
    await user.click(screen.getByRole('button', { name: 'Log Mood' }));
    await vi.waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Failed to log mood', variant: 'destructive' }),
    );
  });

  it('validates each request form in the spec’s words and files a valid one', async () => {
    const saved = {
      id: 3,
      kind: 'support',
      clientId: null,
      clientName: null,
      subject: 'Scanner',
      details: 'The scanner does not focus',
      state: 'sent',
      createdAt: '2026-01-05T10:00:00.000Z',
      sentAt: '2026-01-05T10:00:01.000Z',
    };
    let filed = false;
    answer({
      'GET /api/mood-entries': () => json([]),
      'GET /api/mood-stats': () => json(STATS),
      'GET /api/support-requests': () => json(filed ? [saved] : []),
      'POST /api/support-requests': () => {
        filed = true;
        return json(saved, 201);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportScreen />, { route: '/support' });
    const submit = () => user.click(screen.getByRole('button', { name: 'Submit Request' }));

    await user.click(screen.getByRole('tab', { name: 'Add Vehicle' }));
    await submit();
    expect(await screen.findByText('Vehicle ID is required')).toBeInTheDocument();
    expect(screen.getByText('Please provide a detailed reason')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Request Access' }));
    await submit();
    expect(await screen.findByText('Account ID is required')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Support' }));
    await submit();
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Please provide a detailed message')).toBeInTheDocument();
    expect(await screen.findByText('You have not filed any request yet.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Subject'), 'Scanner');
    await user.type(screen.getByLabelText('Message'), 'The scanner does not focus');
    await submit();
    const mine = await screen.findByRole('list', { name: 'Your Requests' });
    expect(within(mine).getByRole('listitem')).toHaveTextContent('Support: Scanner');
    expect(within(mine).getByRole('listitem')).toHaveTextContent('Sent to support');
    expect(api.callsTo('POST', '/api/support-requests')[0]?.body).toEqual({
      kind: 'support',
      subject: 'Scanner',
      message: 'The scanner does not focus',
      clientId: null,
    });
  });
});
