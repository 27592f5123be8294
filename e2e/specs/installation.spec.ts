import { expect, expectAccessible, toastTitle } from '../fixtures.ts';
import { readFile } from 'node:fs/promises';
import { test } from '../support/camera-test.ts';
import { capturePhoto, generate, stubSpeechRecognition } from '../support/installation-journey.ts';
import { pdfHasImage, pdfText } from '../support/pdf-text.ts';
import {
  AGENCY,
  agencyVehicles,
  createVehicle,
  expandVehicle,
  openVehicles,
  uniqueId,
} from '../support/vehicle-journey.ts';

test.describe.configure({ timeout: 180_000 });

test('installation record: two photos, a note edited on blur, dictation, delete; all kept after a reload', async ({
  filming,
  api,
  request,
  demoToken,
}) => {
  const page = await filming();
  await stubSpeechRecognition(page, 'antenna cable routed through the roof');
  const vehicle = await createVehicle(api, request, demoToken, uniqueId('INST'));
  await openVehicles(page);
  await expandVehicle(page, vehicle.vehicleId);
  await page.getByRole('link', { name: 'Installation photos and notes' }).click();
  await expect(page.getByRole('heading', { name: `Installation: ${vehicle.vehicleId}` })).toBeVisible();
  await expect(page.getByText('No photos yet.')).toBeVisible();

  // Photos: two captures, listed newest first as thumbnails with type and time; tap for full size.
  await capturePhoto(page, 'Before', 'Dash before install');
  await capturePhoto(page, 'Device', 'GPS unit mounted');
  const photos = page.getByRole('list', { name: 'Photos' });
  await expect(photos.getByRole('listitem')).toHaveCount(2);
  await expect(photos.getByRole('listitem').first()).toContainText('Device');
  await expect(photos.getByRole('img', { name: 'Device photo thumbnail' })).toBeVisible();
  const thumbSize = await photos
    .getByRole('img', { name: 'Device photo thumbnail' })
    .evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
  expect(thumbSize).toEqual({ w: 320, h: 180 });
  await photos.getByRole('button', { name: /^Open Before photo/ }).click();
  const full = page.getByRole('dialog', { name: 'Before photo' });
  await expect(full.getByRole('img', { name: 'Before photo, full size' })).toBeVisible();
  expect(
    await full
      .getByRole('img', { name: 'Before photo, full size' })
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(1920);
  await page.keyboard.press('Escape');
  await expectAccessible(page);

  // Notes: blank refused, a type needed for the button, then added; dictation appends the finished phrase.
  const addNote = page.getByRole('button', { name: 'Add Note' });
  await expect(addNote).toBeDisabled();
  await page.getByRole('combobox', { name: 'Note type' }).click();
  await page.getByRole('option', { name: 'Issue' }).click();
  await page.getByLabel('New note').fill('   ');
  await addNote.click();
  await expect(page.getByText('Content required', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Please enter note content.', { exact: true })).toBeVisible();
  await page.getByLabel('New note').fill('Harness loose.');
  await page.getByRole('button', { name: 'Dictate' }).click();
  await expect(page.getByLabel('New note')).toHaveValue(
    'Harness loose. antenna cable routed through the roof',
  );
  expect(await page.evaluate(() => (window as unknown as { speechLang: string }).speechLang)).toBe('en-US');
  await addNote.click();
  await expect(toastTitle(page, 'Note Added')).toBeVisible();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByText('Harness loose. antenna cable routed through the roof')).toBeVisible();

  // Edit in place, saved on blur only when changed.
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.postData() ?? '');
  });
  await notes.getByRole('button', { name: /^Edit Issue note/ }).click();
  await page.getByRole('textbox', { name: 'Edit Issue note' }).blur();
  await notes.getByRole('button', { name: /^Edit Issue note/ }).click();
  await page.getByRole('textbox', { name: 'Edit Issue note' }).fill('Harness secured with two ties');
  await page.getByRole('heading', { name: /^Notes/ }).click();
  await expect(toastTitle(page, 'Note Saved')).toBeVisible();
  expect(puts).toEqual([JSON.stringify({ content: 'Harness secured with two ties' })]);
  await expectAccessible(page);

  // Delete a photo after the confirmation.
  await photos.getByRole('button', { name: /^Delete Before photo/ }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete photo?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(photos.getByRole('listitem')).toHaveCount(1);

  // After a reload everything is still there.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Installation: ${vehicle.vehicleId}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'Device photo thumbnail' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Notes' }).getByText('Harness secured with two ties'),
  ).toBeVisible();

  // Deleting the note asks first.
  await page.getByRole('button', { name: /^Delete Issue note/ }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete note?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No notes yet.')).toBeVisible();

  await page.getByRole('link', { name: 'Back to Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
});

test('dictation where the browser has none says so', async ({ filming, api, request, demoToken }) => {
  const page = await filming();
  await page.addInitScript(() => {
    Object.assign(window, { SpeechRecognition: undefined, webkitSpeechRecognition: undefined });
  });
  const vehicle = await createVehicle(api, request, demoToken, uniqueId('VOICE'));
  await page.goto(`/vehicle/${String(vehicle.id)}/installation`);
  // The button says so, and cannot be pressed, instead of failing when pressed.
  await expect(page.getByRole('button', { name: 'Voice recording not supported' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Dictate' })).toHaveCount(0);
});

test('reports: the three cards generate, the installation PDF names the vehicle and holds its photo, history survives a reload', async ({
  filming,
  api,
  request,
  demoToken,
}) => {
  const page = await filming();
  const vehicle = await createVehicle(api, request, demoToken, uniqueId('REP'));
  await page.getByRole('button', { name: new RegExp(AGENCY) }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible({ timeout: 15_000 });
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();

  // The vehicle search opens the installation page; a photo and a note go into the record.
  await page.getByRole('searchbox', { name: 'Find a vehicle' }).fill(vehicle.vehicleId);
  await page.getByRole('link', { name: new RegExp(`^${vehicle.vehicleId}`) }).click();
  await expect(page.getByRole('heading', { name: `Installation: ${vehicle.vehicleId}` })).toBeVisible();
  await capturePhoto(page, 'After', 'Finished install');
  await page.getByRole('combobox', { name: 'Note type' }).click();
  await page.getByRole('option', { name: 'Completion' }).click();
  await page.getByLabel('New note').fill('Everything fitted and tested');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(toastTitle(page, 'Note Added')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Reports' }).click();
  await expect(
    page.getByText('No reports generated yet.').or(page.getByRole('list', { name: 'Report history' })),
  ).toBeVisible();

  await page
    .getByRole('form', { name: 'Installation Report' })
    .getByLabel('Vehicle ID')
    .fill(vehicle.vehicleId);
  const installation = await generate(page, 'Installation Report');
  expect(installation.name).toBe(`installation-${vehicle.vehicleId}.pdf`);
  expect(pdfText(installation.body)).toContain(`Installation report: vehicle ${vehicle.vehicleId}`);
  expect(pdfText(installation.body)).toContain('Everything fitted and tested');
  expect(pdfHasImage(installation.body)).toBe(true);

  const csv = await generate(page, 'Device Status Report');
  expect(csv.body.toString('utf8').split('\r\n')[0]).toBe('Device,Type,Vehicle,Status,Last seen');
  const daily = await generate(page, 'Daily Activity Report');
  expect(daily.body.subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page);

  const history = page.getByRole('list', { name: 'Report history' });
  const titles = [
    /^Daily activity report/,
    /^Device status report \(CSV\)/,
    new RegExp(`^Installation report: vehicle ${vehicle.vehicleId}`),
  ];
  for (const [i, title] of titles.entries())
    await expect(history.getByRole('listitem').nth(i)).toContainText(title);

  await page.reload();
  const again = page.getByRole('list', { name: 'Report history' });
  await expect(again.getByRole('listitem').nth(2)).toContainText(
    `Installation report: vehicle ${vehicle.vehicleId}`,
  );
  const download = page.waitForEvent('download');
  await again
    .getByRole('button', { name: new RegExp(`^Download Installation report: vehicle ${vehicle.vehicleId}`) })
    .click();
  const file = await download;
  expect(pdfText(await readFile(await file.path()))).toContain(vehicle.vehicleId);
});

test('upload to Navigator: one injected failure, a retry, each item received exactly once', async ({
  filming,
  api,
  demoToken,
}) => {
  const page = await filming();
  // A vehicle that exists in Navigator (the simulator's fleet labels are numbers; a vehicle
  // created locally by a test could not receive uploads).
  const vehicles = (await agencyVehicles(api, demoToken)).filter((v) => /^\d+$/.test(v.vehicleId));
  const vehicle = vehicles.at(-3);
  if (!vehicle) throw new Error('no vehicles');
  const tag = uniqueId('UPL');
  await page.goto(`/vehicle/${String(vehicle.id)}/installation`);
  await capturePhoto(page, 'Issue', `Photo ${tag}`);
  await page.getByRole('combobox', { name: 'Note type' }).click();
  await page.getByRole('option', { name: 'General' }).click();
  await page.getByLabel('New note').fill(`Note ${tag}`);
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(toastTitle(page, 'Note Added')).toBeVisible();
  const items = page.getByRole('list', { name: 'Upload items' });
  const photoItem = items.getByRole('listitem').filter({ hasText: `Photo ${tag}` });
  const noteItem = items.getByRole('listitem').filter({ hasText: `Note ${tag}` });
  await expect(photoItem).toContainText('Pending');
  await expect(noteItem).toContainText('Pending');

  const fail = await page.request.post('/api/__simulator/uploads/fail-next', { data: { count: 1 } });
  expect(fail.status()).toBe(200);
  await page.getByRole('button', { name: 'Upload to Navigator' }).click();
  await expect(photoItem).toContainText('Failed');
  await expect(photoItem).toContainText('Navigator could not be reached. Please retry.');
  await expect(noteItem).toContainText('Uploaded');
  await expectAccessible(page);
  await photoItem.getByRole('button', { name: /^Retry/ }).click();
  await expect(photoItem).toContainText('Uploaded');
  await expect(page.getByRole('button', { name: 'Upload to Navigator' })).toBeDisabled();

  const received = (await (await page.request.get('/api/__simulator/uploads')).json()) as { label: string }[];
  expect(received.filter((u) => u.label.includes(`Photo ${tag}`))).toHaveLength(1);
  expect(received.filter((u) => u.label.includes(`Note ${tag}`))).toHaveLength(1);

  await page.reload();
  await expect(
    page
      .getByRole('list', { name: 'Upload items' })
      .getByRole('listitem')
      .filter({ hasText: `Photo ${tag}` }),
  ).toContainText('Uploaded');
  await expect(page.getByRole('button', { name: 'Upload to Navigator' })).toBeDisabled();
});

test('a dictation error says so and leaves the note as it was', async ({
  filming,
  api,
  request,
  demoToken,
}) => {
  const page = await filming();
  await page.addInitScript(() => {
    class FailingRecognition {
      lang = '';
      onerror: (() => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        setTimeout(() => {
          this.onerror?.();
          this.onend?.();
        }, 50);
      }
      stop() {
        this.onend?.();
      }
    }
    Object.assign(window, { SpeechRecognition: FailingRecognition });
  });
  const vehicle = await createVehicle(api, request, demoToken, uniqueId('VERR'));
  await page.goto(`/vehicle/${String(vehicle.id)}/installation`);
  await page.getByLabel('New note').fill('Typed text');
  await page.getByRole('button', { name: 'Dictate' }).click();
  await expect(toastTitle(page, 'Voice recording error')).toBeVisible();
  await expect(page.getByLabel('New note')).toHaveValue('Typed text');
  await expect(page.getByRole('button', { name: 'Dictate' })).toBeVisible();
});
