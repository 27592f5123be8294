import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../lib/toast-store.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { SupportScreen } from './support-screen.tsx';

const fetchMock = vi.fn<typeof fetch>();
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

function answer(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const route = routes[key];
    return Promise.resolve(route ? route() : jsonResponse({ code: 'NOT_FOUND', message: key }, 404));
  });
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('SupportScreen', () => {
  it('shows the five most recent moods and the statistics, and logs a mood', async () => {
    const entries = Array.from({ length: 7 }, (_, i) => entry(i + 1, 'Good', `note ${String(i + 1)}`));
    answer({
      'GET /api/mood-entries': () => jsonResponse(entries),
      'GET /api/mood-stats': () => jsonResponse(STATS),
      'POST /api/mood-entries': () => jsonResponse(entry(8, 'Great', null), 201),
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
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Great' }));
    await user.selectOptions(screen.getByLabelText('Work phase (optional)'), 'Break');
    await user.click(screen.getByRole('button', { name: 'Log Mood' }));
    await vi.waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Mood logged' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const headers = new Headers(post?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^mood:/);
    expect(JSON.parse(typeof post?.[1]?.body === 'string' ? post[1].body : '')).toEqual({
      clientId: null,
      vehicleId: null,
      moodEmoji: '😄',
      moodLabel: 'Great',
      moodValue: 5,
      comment: null,
      workPhase: 'break',
    });
  });

  it('says Failed to log mood when the server refuses', async () => {
    answer({
      'GET /api/mood-entries': () => jsonResponse([]),
      'GET /api/mood-stats': () => jsonResponse(STATS),
      'POST /api/mood-entries': () => jsonResponse({ code: 'INTERNAL', message: 'down' }, 500),
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
      'GET /api/mood-entries': () => jsonResponse([]),
      'GET /api/mood-stats': () => jsonResponse(STATS),
      'GET /api/support-requests': () => jsonResponse(filed ? [saved] : []),
      'POST /api/support-requests': () => {
        filed = true;
        return jsonResponse(saved, 201);
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
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(typeof post?.[1]?.body === 'string' ? post[1].body : '')).toEqual({
      kind: 'support',
      subject: 'Scanner',
      message: 'The scanner does not focus',
      clientId: null,
    });
  });
});
