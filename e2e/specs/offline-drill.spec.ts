import type { Device } from '@toolkit/contracts/devices.ts';
import type { MoodEntry } from '@toolkit/contracts/moods.ts';
import type { Note } from '@toolkit/contracts/notes.ts';
import type { Photo } from '@toolkit/contracts/photos.ts';
import { STORAGE_KEYS } from '@toolkit/contracts/constants.ts';
import { expect, expectAccessible, simulatorControl } from '../fixtures.ts';
import { createDevice, deviceRow, VALLEY } from '../support/device-journey.ts';
import {
  clientIdOf,
  closePending,
  expectHeaderFits,
  expectSavedNotFailed,
  goTo,
  openPending,
  outboxButton,
  signInAndPick,
  test,
  vehiclesOf,
} from '../support/offline-drill.ts';
import { addVehicleThroughDialogs, rowButton, uniqueId } from '../support/vehicle-journey.ts';

// Issue 14's acceptance drill: a shift's writes made without signal survive a reload and a closed
// app, reach the server exactly once when the signal returns, and a device moved meanwhile in the
// fleet platform is shown as a conflict for the installer to resolve, never overwritten.
test.describe.configure({ timeout: 240_000 });

// Fleet vehicles of the agency that no other journey touches.
const EDITED = '262';
const TARGET = '264';
const ELSEWHERE = '266';

test('offline drill: a shift without signal, a reload, a closed app, then sent once with one conflict', async ({
  phone,
  api,
  request,
  demoToken,
}) => {
  const clientId = await clientIdOf(api, demoToken, VALLEY);
  const byLabel = new Map((await vehiclesOf(api, demoToken, clientId)).map((v) => [v.vehicleId, v]));
  const vehicle = (label: string) => {
    const found = byLabel.get(label);
    if (!found) throw new Error(`vehicle ${label} is missing from ${VALLEY}`);
    return found;
  };
  const [edited, target] = [vehicle(EDITED), vehicle(TARGET), vehicle(ELSEWHERE)];
  // Two spares of this test's own (the platform knows them: made through the API).
  const spare = (name: string) =>
    createDevice(api, request, demoToken, {
      name,
      type: 'Router',
      deviceSystem: 'Cradlepoint IBR900',
      serialNumber: uniqueId('SN'),
    });
  const [kept, moved] = [await spare('Drill router A'), await spare('Drill router B')];
  const newVehicle = uniqueId('DRILL');
  const odometer = 100_000 + Math.floor(Math.random() * 800_000);
  const noteText = `Harness routed under the floor ${uniqueId('N')}`;
  const photoText = `Roof antenna ${uniqueId('P')}`;
  const moodComment = `Bay 7, no bars ${uniqueId('M')}`;

  // Signed in, the agency picked, the screens the shift needs visited while there is signal.
  let page = await phone.open();
  // Remembered: the app is closed and opened again during the drill.
  await signInAndPick(page, { remember: true });
  await goTo(page, 'Support');
  await expect(page.getByRole('tab', { name: 'Mood Tracker', selected: true })).toBeVisible();
  await goTo(page, 'Devices');
  await page.getByRole('searchbox', { name: 'Search devices' }).fill(moved.deviceId);
  await expect(deviceRow(page, moved.deviceId)).toContainText('Unassigned', { timeout: 20_000 });
  await goTo(page, 'Vehicles');
  await expect(page.getByRole('button', { name: /^Sort: Name/ })).toBeVisible({ timeout: 20_000 });

  await page.context().setOffline(true);
  const search = page.getByRole('searchbox', { name: 'Search vehicles' });
  const expand = async (label: string) => {
    await search.fill(label);
    await rowButton(page, label).click();
    await expect(rowButton(page, label)).toHaveAttribute('aria-expanded', 'true');
  };

  // 1. A new vehicle.
  await addVehicleThroughDialogs(page, newVehicle);
  await expectSavedNotFailed(page, 'Local vehicle created', 1);
  await search.fill(newVehicle);
  await expect(rowButton(page, newVehicle)).toContainText('Pending sync');
  await expectHeaderFits(page);

  // 2. Another vehicle edited.
  await expand(EDITED);
  await page.getByRole('button', { name: 'Vehicle Info' }).click();
  const editor = page.getByRole('dialog', { name: 'Vehicle Information' });
  await editor.getByLabel('Odometer (miles)').fill(String(odometer));
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expectSavedNotFailed(page, 'Vehicle Updated', 2);

  // 3. A device assigned from the vehicle's Add Device.
  await expand(TARGET);
  await page.getByRole('button', { name: 'Add Device' }).click();
  const addDevice = page.getByRole('dialog', { name: 'Add Device' });
  await addDevice.getByRole('searchbox', { name: 'Search unassigned devices' }).fill(kept.deviceId);
  await addDevice.getByRole('button', { name: `Assign ${kept.deviceId}` }).click();
  await expect(addDevice).toBeHidden();
  await expectSavedNotFailed(page, 'Assignment saved', 3);

  // 4. A note and 5. a photo for the same vehicle.
  await page.getByRole('button', { name: 'Add Notes' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Add Notes' });
  await noteDialog.getByRole('combobox', { name: 'Note type' }).click();
  await page.getByRole('option', { name: 'Completion' }).click();
  await noteDialog.getByLabel('Note', { exact: true }).fill(noteText);
  await noteDialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(noteDialog).toBeHidden();
  // The note goes with its installation-log entry: two writes kept.
  await expectSavedNotFailed(page, 'Note Added', 4); // the note and its log entry: one thing done

  await page.getByRole('button', { name: 'Add Picture' }).click();
  const photoDialog = page.getByRole('dialog', { name: 'Add Picture' });
  await photoDialog.getByRole('button', { name: 'Capture' }).click();
  await photoDialog.getByRole('combobox', { name: 'Photo type' }).click();
  await page.getByRole('option', { name: 'After', exact: true }).click();
  await photoDialog.getByLabel('Description (optional)').fill(photoText);
  await photoDialog.getByRole('button', { name: 'Save' }).click();
  await expect(photoDialog).toBeHidden();
  await expectSavedNotFailed(page, 'Photo Saved', 5);

  // 6. The second device assigned from Devices.
  await goTo(page, 'Devices');
  await page.getByRole('searchbox', { name: 'Search devices' }).fill(moved.deviceId);
  await deviceRow(page, moved.deviceId).click();
  await page.getByRole('button', { name: 'Assign to Vehicle' }).click();
  const assign = page.getByRole('dialog', { name: `Assign ${moved.deviceId}` });
  await assign.getByLabel('Vehicle ID').fill(TARGET);
  await assign.getByRole('button', { name: new RegExp(`^Vehicle ${TARGET}(?!\\d)`) }).click();
  await assign.getByRole('button', { name: `Assign to Vehicle ${TARGET}` }).click();
  await expect(assign).toBeHidden();
  await expectSavedNotFailed(page, 'Assignment saved', 6);

  // 7. A mood.
  await goTo(page, 'Support');
  await page.getByRole('radio', { name: 'Okay' }).click();
  await page.getByLabel('Comment (optional)').fill(moodComment);
  await page.getByRole('button', { name: 'Log Mood' }).click();
  await expectSavedNotFailed(page, 'Mood saved', 7);

  // Every write is counted in the header and listed with what it is.
  const expectedLabels = [
    `Vehicle ${newVehicle} created`,
    `Vehicle ${EDITED} edited`,
    `Device ${kept.deviceId} to ${TARGET}`,
    noteText, // with its log entry, one line
    `Photo: after — ${photoText}`,
    `Device ${moved.deviceId} to ${TARGET}`,
    'Mood 😐 Okay logged',
  ];
  const expectListed = async () => {
    const waiting = outboxButton(page, /^\d+ waiting$/);
    await expect(waiting).toBeVisible();
    const count = Number(/\d+/.exec((await waiting.textContent()) ?? '')?.[0]);
    const list = await openPending(page, /^\d+ waiting$/);
    await expect(list.getByRole('listitem')).toHaveCount(count);
    for (const label of expectedLabels) await expect(list).toContainText(label);
    await expect(list).not.toContainText(/Refused|Changed meanwhile/);
    await expect(list).not.toContainText('Log: completion note');
    await closePending(page);
    return count;
  };
  const pending = await expectListed();
  expect(pending).toBe(expectedLabels.length);

  // A reload without signal, then the app closed and opened again on the same phone.
  await page.reload();
  await expect(outboxButton(page, `${String(pending)} waiting`)).toBeVisible({ timeout: 20_000 });
  expect(await expectListed()).toBe(pending);
  page = await phone.open({ offline: true });
  await page.goto('/support');
  await expect(outboxButton(page, `${String(pending)} waiting`)).toBeVisible({ timeout: 20_000 });
  expect(await expectListed()).toBe(pending);

  // Meanwhile, in the platform's own screens, the second device goes onto another bus.
  await simulatorControl(page, `devices/${encodeURIComponent(moved.deviceId)}/assign-externally`, {
    vehicleId: ELSEWHERE,
  });
  await simulatorControl(page, 'sync', {});
  const deviceOnServer = async (deviceId: string) => {
    const devices = await api.get<Device[]>(`/api/devices/client/${String(clientId)}`, demoToken);
    return devices.find((d) => d.deviceId === deviceId)?.vehicleLabel ?? null;
  };
  expect(await deviceOnServer(moved.deviceId)).toBe(ELSEWHERE);

  // The signal returns: everything goes, once; the moved device comes back as a conflict.
  await page.context().setOffline(false);
  // All sent but the conflict: the list holds it alone (what they chose, where it is now, the choice).
  await expect(outboxButton(page, '1 conflict to resolve')).toBeVisible({ timeout: 60_000 });
  await expectHeaderFits(page);
  const list = await openPending(page, '1 conflict to resolve');
  const conflict = list.getByRole('listitem');
  await expect(conflict).toHaveCount(1);
  await expect(conflict).toContainText(`Device ${moved.deviceId} to ${TARGET}`);
  await expect(conflict).toContainText(`is now on ${ELSEWHERE} (it was a spare when you chose it)`);
  // The server has every write exactly once.
  const vehicles = await vehiclesOf(api, demoToken, clientId);
  expect(vehicles.filter((v) => v.vehicleId.toLowerCase() === newVehicle.toLowerCase())).toHaveLength(1);
  expect(vehicles.find((v) => v.id === edited.id)?.odometer).toBe(odometer);
  const notes = await api.get<Note[]>(`/api/notes/vehicle/${String(target.id)}`, demoToken);
  expect(notes.filter((n) => n.content === noteText)).toHaveLength(1);
  const photos = await api.get<Photo[]>(`/api/photos/vehicle/${String(target.id)}`, demoToken);
  expect(photos.filter((p) => p.description === photoText)).toHaveLength(1);
  const moods = await api.get<MoodEntry[]>('/api/mood-entries', demoToken);
  expect(moods.filter((m) => m.comment === moodComment)).toHaveLength(1);
  expect(await deviceOnServer(kept.deviceId)).toBe(TARGET);
  // Not overwritten: the device is where the platform put it until the installer chooses.
  expect(await deviceOnServer(moved.deviceId)).toBe(ELSEWHERE);

  await expect(conflict.getByRole('button', { name: 'Keep the current one' })).toBeVisible();
  await expectAccessible(page);
  await conflict.getByRole('button', { name: 'Apply mine anyway' }).click();
  await expect(page.getByRole('dialog', { name: 'Waiting to be sent' })).toBeHidden();
  await expect(outboxButton(page, /waiting|conflict|refused/)).toHaveCount(0, { timeout: 30_000 });
  expect(await deviceOnServer(moved.deviceId)).toBe(TARGET);
});

test('a write kept while the session ends meanwhile waits for the next sign-in, then goes once', async ({
  phone,
  api,
  demoToken,
}) => {
  const comment = `Depot wifi down ${uniqueId('M')}`;
  const page = await phone.open();
  await signInAndPick(page, { remember: false });
  await goTo(page, 'Support');
  await page.context().setOffline(true);
  await page.getByRole('radio', { name: 'Good' }).click();
  await page.getByLabel('Comment (optional)').fill(comment);
  await page.getByRole('button', { name: 'Log Mood' }).click();
  await expectSavedNotFailed(page, 'Mood saved', 1);

  // Meanwhile the session ends on the server (a session-only sign-in lasts 12 hours).
  const storedToken = () =>
    page.evaluate((key) => sessionStorage.getItem(key) ?? localStorage.getItem(key), STORAGE_KEYS.token);
  const token = await storedToken();
  if (!token) throw new Error('no token stored');
  await api.logout(token);
  // The signal returns: the server refuses the old session (the app forgets it); the write waits.
  await page.context().setOffline(false);
  await expect.poll(storedToken, { timeout: 30_000 }).toBeNull();
  await expect(outboxButton(page, '1 waiting')).toBeVisible();
  await expect(outboxButton(page, /refused/)).toHaveCount(0);

  // Signed in again, the write goes by itself, exactly once.
  await page.goto('/support');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
  await signInAndPick(page, { remember: false });
  await expect(outboxButton(page, /waiting|refused|conflict/)).toHaveCount(0, { timeout: 30_000 });
  const moods = await api.get<MoodEntry[]>('/api/mood-entries', demoToken);
  expect(moods.filter((m) => m.comment === comment)).toHaveLength(1);
});
