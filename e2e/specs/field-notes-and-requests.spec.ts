import { expect, openSignedIn, test, toastTitle, type Page } from '../fixtures.ts';
import { generate, stubSpeechRecognition } from '../support/installation-journey.ts';
import { outboxButton, SAVED_OFFLINE } from '../support/offline-drill.ts';
import { AGENCY, createVehicle, expandVehicle, openVehicles, uniqueId } from '../support/vehicle-journey.ts';

// Journeys over several screens against a server that simulates a live fleet: give them room.
test.describe.configure({ timeout: 120_000 });

const PHRASE = 'checked by dictation';

/** A note type chosen in a note form (`scope`: its dialog or the page). */
async function chooseNoteType(page: Page, scope: Page | ReturnType<Page['getByRole']>, type: string) {
  await scope.getByRole('combobox', { name: 'Note type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
}

test('voice dictation in every note field: Add Notes, the note edit field and the workspace note', async ({
  signedInPage: page,
  api,
  request,
  demoToken,
}) => {
  await stubSpeechRecognition(page, PHRASE);
  const vehicle = await createVehicle(api, request, demoToken, uniqueId('DICT'));
  await page.reload();
  await openVehicles(page);
  await expandVehicle(page, vehicle.vehicleId);

  // Vehicles: Add Notes.
  await page.getByRole('button', { name: 'Add Notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Notes' });
  await chooseNoteType(page, dialog, 'Issue');
  await dialog.getByLabel('Note', { exact: true }).fill('Harness loose.');
  await dialog.getByRole('button', { name: 'Dictate' }).click();
  await expect(dialog.getByLabel('Note', { exact: true })).toHaveValue(`Harness loose. ${PHRASE}`);
  await dialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(toastTitle(page, 'Note Added')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The installation page: the note's edit field; going to Dictate does not end the edit.
  await page.goto(`/vehicle/${String(vehicle.id)}/installation`);
  await page.getByRole('button', { name: /^Edit Issue note/ }).click();
  const edit = page.getByRole('textbox', { name: 'Edit Issue note' });
  const note = page.getByRole('listitem').filter({ has: edit });
  await note.getByRole('button', { name: 'Dictate' }).click();
  await expect(edit).toHaveValue(`Harness loose. ${PHRASE} ${PHRASE}`);
  await page.getByRole('heading', { name: `Installation: ${vehicle.vehicleId}` }).click();
  await expect(toastTitle(page, 'Note Saved')).toBeVisible();
  await expect(page.getByText(`Harness loose. ${PHRASE} ${PHRASE}`).first()).toBeVisible();

  // The workspace: the Installation Note of the chosen vehicle.
  await page.goto('/vehicles');
  await expandVehicle(page, vehicle.vehicleId);
  await page.getByRole('link', { name: 'Start installation' }).click();
  await expect(page.getByRole('heading', { name: 'Installer Workspace' })).toBeVisible();
  const workspaceNote = page.getByLabel('Installation Note');
  await workspaceNote.fill('Router mounted.');
  await workspaceNote.locator('..').getByRole('button', { name: 'Dictate' }).click();
  await expect(workspaceNote).toHaveValue(`Router mounted. ${PHRASE}`);
});

test('without speech recognition every dictation button says so instead of failing', async ({
  signedInPage: page,
  api,
  request,
  demoToken,
}) => {
  await page.addInitScript(() => {
    Object.assign(window, { SpeechRecognition: undefined, webkitSpeechRecognition: undefined });
  });
  const vehicle = await createVehicle(api, request, demoToken, uniqueId('NOVOICE'));
  await page.reload();
  await openVehicles(page);
  await expandVehicle(page, vehicle.vehicleId);
  await page.getByRole('button', { name: 'Add Notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Notes' });
  await expect(dialog.getByRole('button', { name: 'Voice recording not supported' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Dictate' })).toHaveCount(0);
});

test('a support request without signal is kept in the outbox, survives a reload, and is sent once later', async ({
  signedInPage: page,
}) => {
  const subject = uniqueId('Scanner');
  const posts: (string | null)[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/support-requests')
      posts.push(r.headers()['idempotency-key'] ?? null);
  });
  // No signal for the request (the rest of the app still loads).
  const noSignal = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback();
  await page.route('**/api/support-requests', noSignal);
  await page.getByRole('button', { name: new RegExp(AGENCY) }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();
  await page.goto('/support');
  await page.getByRole('tab', { name: 'Support', exact: true }).click();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('The scanner does not focus on labels.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(toastTitle(page, 'Request Submitted')).toBeVisible();
  await expect(page.getByText(SAVED_OFFLINE).first()).toBeVisible();
  await expect(outboxButton(page, '1 waiting')).toBeVisible();

  // A reload loses nothing: the request is listed as pending.
  await page.reload();
  await outboxButton(page, '1 waiting').click({ timeout: 20_000 });
  const pending = page.getByRole('dialog', { name: 'Waiting to be sent' });
  await expect(pending.getByRole('listitem')).toHaveText([new RegExp(`Support request: ${subject}`)]);

  // The signal is back: sent, once, under the key it was given when it was made.
  await page.unroute('**/api/support-requests', noSignal);
  // Send now does not wait for the backoff of the tries made without signal.
  await pending.getByRole('button', { name: 'Send now' }).click();
  // Nothing left to wait for: the pending list goes with its header button.
  await expect(pending).toBeHidden({ timeout: 5_000 });
  await expect(outboxButton(page, /waiting/)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Support', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Your Requests' })).toContainText(subject);
  const keys = posts.filter((k) => k !== null);
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size).toBe(1);
});

test('a note written offline is one pending write; Escape closes the pending list before the toast', async ({
  signedInPage: page,
  api,
  request,
  demoToken,
}) => {
  const vehicle = await createVehicle(api, request, demoToken, uniqueId('ONE'));
  await page.getByRole('button', { name: new RegExp(AGENCY) }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();
  await page.goto(`/vehicle/${String(vehicle.id)}/installation`);
  await expect(page.getByRole('heading', { name: `Installation: ${vehicle.vehicleId}` })).toBeVisible();
  await chooseNoteType(page, page, 'General');
  await page.getByLabel('New note').fill('Written in the depot without signal');
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(toastTitle(page, 'Note Added')).toBeVisible();
  await expect(outboxButton(page, '1 waiting')).toBeVisible();
  await outboxButton(page, '1 waiting').click();
  const pending = page.getByRole('dialog', { name: 'Waiting to be sent' });
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await expect(pending.getByRole('listitem')).toContainText('Written in the depot without signal');

  // The toast is still up; Escape closes the list the person is looking at first.
  await expect(toastTitle(page, 'Note Added')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pending).toBeHidden();
  await expect(toastTitle(page, 'Note Added')).toBeVisible();
  await page.context().setOffline(false);
});

test('texts that are true: tour step 8 and the device status report’s type order (§9)', async ({
  signedInPage: page,
}) => {
  await page.getByRole('button', { name: new RegExp(AGENCY) }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();
  await page.goto('/support');
  await page.getByRole('tab', { name: 'App Tour' }).click();
  await page.getByRole('button', { name: /Start Tour|Restart Tour|Take the Tour/ }).click();
  const tour = page.getByRole('dialog', { name: 'Guided Tour' });
  await tour
    .getByRole('list', { name: 'Tour highlights' })
    .getByRole('button', { name: /Installation Documentation/ })
    .click();
  await expect(tour.getByText('Step 8 of 12')).toBeVisible();
  await expect(tour).toContainText('Upload to Navigator');
  await expect(tour).not.toContainText(/upload\w* .*still in development/i);
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();

  await page.goto('/reports');
  const csv = (await generate(page, 'Device Status Report')).body.toString('utf8');
  const typeSection = csv.split('\r\n\r\n').find((part) => part.startsWith('Type,Count'));
  const types = (typeSection ?? '')
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(',')[0]);
  expect(types.length).toBeGreaterThan(1);
  const order = ['GPS', 'Tablet', 'Router', 'APC', 'Other'];
  expect(types).toEqual(order.filter((t) => types.includes(t)));
});

test('the agency list’s device counts are fetched again once 30 s old (§9), not before', async ({
  page,
  demoToken,
}) => {
  let lists = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/clients') lists += 1;
  });
  await page.clock.install();
  await openSignedIn(page, demoToken, '/clients');
  await expect(page.getByRole('heading', { name: 'Select Client' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(AGENCY) })).toBeVisible();
  await expect.poll(() => lists).toBeGreaterThan(0);
  const first = lists;

  const backAndForth = async () => {
    await page.getByRole('button', { name: new RegExp(AGENCY) }).click();
    await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Clients' }).click();
    await expect(page.getByRole('heading', { name: 'Select Client' })).toBeVisible();
  };
  await backAndForth();
  expect(lists).toBe(first);

  await page.clock.fastForward(31_000);
  await backAndForth();
  await expect.poll(() => lists).toBe(first + 1);
});

test('the five mood buttons fit a 360 px screen, each thumb-sized with its label whole', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('button', { name: new RegExp(AGENCY) }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();
  await page.goto('/support');
  const moods = page.getByRole('radiogroup', { name: 'Mood' }).getByRole('radio');
  await expect(moods).toHaveText([/Great/, /Good/, /Okay/, /Poor/, /Terrible/]);
  for (const mood of await moods.all()) {
    const box = await mood.boundingBox();
    if (!box) throw new Error('a mood button is not on the screen');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    // The label is not cut: nothing of it spills over the button's edge.
    const spill = await mood.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(spill).toBeLessThanOrEqual(0);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
