import type { Device } from '@toolkit/contracts/devices.ts';
import { expect, expectAccessible, selectAgency, test, toastTitle } from '../fixtures.ts';
import {
  DEVICE_JOURNEY_TIMEOUT_MS,
  LOAD_TIMEOUT,
  METRO,
  VALLEY,
  chooseVehicle,
  deviceRow,
  escapeRegExp,
  fleetOf,
  openDevice,
  pick,
} from '../support/device-journey.ts';

// Each journey signs in, picks the agency and waits on the simulator: allow for a busy machine.
test.describe.configure({ timeout: DEVICE_JOURNEY_TIMEOUT_MS });

test.describe('assignment', () => {
  test('a spare opened by ?deviceId= is expanded, then assigned to a vehicle', async ({
    signedInPage: page,
    api,
    demoToken,
  }, testInfo) => {
    // Each project takes a spare of its own type: the projects share one server.
    const type = testInfo.project.name === 'phone' ? 'APC' : 'Tablet';
    const spare = (await fleetOf(api, demoToken, VALLEY)).devices.find(
      (d) => d.type === type && d.vehicleId === null,
    );
    if (!spare) throw new Error(`no spare ${type} to assign`);
    await selectAgency(page, VALLEY);
    await openDevice(page, spare.deviceId);
    await expect(deviceRow(page, spare.deviceId)).toContainText('Unassigned');

    await page.getByRole('button', { name: 'Assign to Vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: `Assign ${spare.deviceId}` });
    await expect(dialog.getByLabel('Vehicle ID')).toBeVisible(LOAD_TIMEOUT);
    await dialog.getByLabel('Vehicle ID').fill('21');
    const choice = dialog.getByRole('button', { name: /^Vehicle 21\d/ }).first();
    const label = ((await choice.textContent()) ?? '').match(/^Vehicle (21\d)/)?.[1] ?? '';
    await choice.click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: `Assign to Vehicle ${label}` }).click();

    // A push the external system refused is reported after the server message.
    await expect(
      page
        .getByText(/^1 device (successfully assigned to the external system\.|assigned locally\.\.\.)/)
        .first(),
    ).toBeVisible(LOAD_TIMEOUT);
    await expect(page.getByRole('status', { name: 'Last change' })).toContainText(
      /Assigned: (reached the external system|saved locally only)/,
    );
    await expect(deviceRow(page, spare.deviceId)).toContainText(`Vehicle ${label}`);
  });

  test('a device on another vehicle moves after a confirmation naming both, and its history shows it', async ({
    signedInPage: page,
    api,
    demoToken,
  }, testInfo) => {
    // A headsign controller: type Other counts in no vehicle status, so no count moves.
    const { devices, vehicles } = await fleetOf(api, demoToken, METRO);
    const device = pick(
      devices.filter((d) => d.type === 'Other' && d.vehicleId !== null),
      testInfo.project.name,
    );
    const target = pick(
      vehicles.filter((v) => v.id !== device.vehicleId),
      testInfo.project.name,
      5,
    );
    const from = device.vehicleLabel ?? '';
    await selectAgency(page, METRO);
    await openDevice(page, device.deviceId);

    await page.getByRole('button', { name: 'Reassign' }).click();
    await chooseVehicle(page, `Reassign ${device.deviceId}`, target.vehicleId);
    await page.getByRole('button', { name: `Reassign to Vehicle ${target.vehicleId}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reassign Device?' });
    await expect(confirm).toContainText(
      `${device.deviceId} is assigned to vehicle ${from}. Move it to vehicle ${target.vehicleId}?`,
    );
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Reassign' }).click();

    await expect(toastTitle(page, 'Device Reassigned')).toBeVisible(LOAD_TIMEOUT);
    await expect(
      page.getByText('1 device successfully assigned to the external system.').first(),
    ).toBeVisible();
    await expect(page.getByRole('status', { name: 'Last change' })).toContainText(
      'Assigned: reached the external system.',
    );
    await expect(deviceRow(page, device.deviceId)).toContainText(`Vehicle ${target.vehicleId}`);

    await page.getByRole('link', { name: 'Details and history' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/devices/${escapeRegExp(encodeURIComponent(device.deviceId))}$`),
    );
    const history = page.getByRole('list', { name: 'Assignment history' }).getByRole('listitem');
    await expect(history.first()).toContainText(`Vehicle ${target.vehicleId}`, LOAD_TIMEOUT);
    await expect(history.first()).toContainText('Current');
    await expect(history.nth(1)).toContainText(`Vehicle ${from}`);
    await expect(page.getByText('Non-reporting')).toBeVisible();
    await expectAccessible(page);
  });

  test('unassigning changes the vehicle counts on the overview too', async ({
    signedInPage: page,
    api,
    demoToken,
  }, testInfo) => {
    // A vehicle whose one online device (not a GPS unit, not the tablet another journey switches
    // off) goes: without it the vehicle turns from unknown to offline.
    const { devices } = await fleetOf(api, demoToken, METRO);
    const switchedOff = devices.find((d) => d.status === 'online' && d.type === 'Tablet')?.deviceId;
    const byVehicle = new Map<number, Device[]>();
    for (const d of devices) {
      if (d.vehicleId !== null && d.type !== 'Other')
        byVehicle.set(d.vehicleId, [...(byVehicle.get(d.vehicleId) ?? []), d]);
    }
    const onlyOnline = [...byVehicle.values()].flatMap((list) => {
      const online = list.filter((d) => d.status === 'online');
      const [only] = online;
      return online.length === 1 &&
        list.length > 1 &&
        only &&
        only.type !== 'GPS' &&
        only.deviceId !== switchedOff
        ? [only]
        : [];
    });
    const device = pick(onlyOnline, testInfo.project.name);

    await selectAgency(page, METRO);
    const offline = page.getByRole('link', { name: /^Offline [\d,]+$/ });
    const count = async () => Number(((await offline.textContent()) ?? '').replace(/\D/g, ''));
    await expect(offline).toBeVisible(LOAD_TIMEOUT);
    const before = await count();

    await openDevice(page, device.deviceId);
    await page.getByRole('button', { name: 'Unassign', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unassign Device?' });
    await expect(confirm).toContainText(
      `Remove ${device.deviceId} from vehicle ${device.vehicleLabel ?? ''}?`,
    );
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Unassign' }).click();
    await expect(toastTitle(page, 'Device Unassigned')).toBeVisible(LOAD_TIMEOUT);
    await expect(page.getByRole('status', { name: 'Last change' })).toContainText(
      'Unassigned: reached the external system.',
    );
    await expect(deviceRow(page, device.deviceId)).toContainText('Unassigned');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
    await expect(offline).toBeVisible(LOAD_TIMEOUT);
    // Other journeys may move a vehicle the other way for a moment: allow one 15 s refresh.
    await expect.poll(count, { timeout: 20_000 }).toBeGreaterThan(before);
  });
});
