import type { Client, FleetOverview } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import {
  RIVAL,
  expect,
  expectAccessible,
  openSignedIn,
  selectAgency,
  simulatorControl,
  test,
  toastTitle,
  type Page,
} from '../fixtures.ts';

const n = (v: number) => v.toLocaleString('en-US');

// The simulator runs with SIMULATOR_STATUS_CHANGES=0 here: statuses change only when a test says
// so. Each project watches its own agency, so the two never change each other's counts.
test(
  'a device going offline in the simulator shows in the counts within one refresh',
  { tag: '@desktop' },
  async ({ page, api, demoToken }, testInfo) => {
    test.setTimeout(90_000);
    const phone = testInfo.project.name === 'phone';
    const token = phone ? await api.login(RIVAL) : demoToken;
    const clients = await api.get<Client[]>('/api/clients', token);
    const agency = phone ? clients[0] : clients.find((c) => c.vehicleCount > 100);
    if (!agency) throw new Error('no agency to watch');
    const devices = await api.get<Device[]>(`/api/devices/client/${String(agency.id)}`, token);
    const subject = devices.find((d) => d.status === 'online' && d.type === 'Tablet');
    if (!subject) throw new Error('the agency has no online tablet');

    await openSignedIn(page, token, '/clients');
    await selectAgency(page, agency.fullName ?? agency.name);
    const before = await api.get<FleetOverview>(`/api/clients/${String(agency.id)}/overview`, token);
    const totalDevices = page.getByRole('link', { name: /^Total Devices / });
    await expect(totalDevices).toContainText(`${n(before.onlineDevices)} online`);

    try {
      const changedAt = Date.now();
      await simulatorControl(page, `devices/${subject.deviceId}/heartbeat`, { status: 'offline' });
      // One refresh is 15 s; allow the answer's own trip on a busy machine.
      await expect(totalDevices).toContainText(`${n(before.onlineDevices - 1)} online`, { timeout: 20_000 });
      expect(Date.now() - changedAt).toBeLessThan(20_000);
      await expect(page.getByText(/Last updated \d\d:\d\d:\d\d/)).toBeVisible();
    } finally {
      // The device reports again for the tests that follow; its return needs no second wait here.
      await simulatorControl(page, `devices/${subject.deviceId}/heartbeat`, { status: 'online' });
    }
  },
);

test.describe('quick device assignment', () => {
  const METRO = 'Riverside Metropolitan Transit';

  async function metroFleet(api: { get<T>(path: string, token: string): Promise<T> }, token: string) {
    const clients = await api.get<Client[]>('/api/clients', token);
    const metro = clients.find((c) => c.fullName === METRO);
    if (!metro) throw new Error(`${METRO} is not among demo's clients`);
    const [devices, vehicles] = await Promise.all([
      api.get<Device[]>(`/api/devices/client/${String(metro.id)}`, token),
      api.get<Vehicle[]>(`/api/vehicles/client/${String(metro.id)}`, token),
    ]);
    return { clientId: metro.id, devices, vehicles };
  }

  async function chooseVehicle(page: Page, vehicleId: string): Promise<void> {
    await page.getByRole('button', { name: 'Search a vehicle ID' }).click();
    await page.getByRole('searchbox', { name: 'Vehicle ID' }).fill(vehicleId);
    await page.getByRole('button', { name: new RegExp(`^Vehicle ${vehicleId}\\b`) }).click();
    await expect(page.getByRole('button', { name: new RegExp(`^Vehicle ${vehicleId}\\b`) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }

  async function findDevice(page: Page, deviceId: string): Promise<void> {
    await page.getByRole('textbox', { name: 'Device ID' }).fill(deviceId);
    await page.getByRole('button', { name: 'Find' }).click();
  }

  test(
    'assigns a spare device, then moves it after a confirmation naming both vehicles',
    { tag: '@desktop' },
    async ({ signedInPage: page, api, demoToken }, testInfo) => {
      test.setTimeout(90_000);
      const { clientId, devices, vehicles } = await metroFleet(api, demoToken);
      // Each project takes its own spare and vehicles, so parallel runs never share a subject.
      const offset = testInfo.project.name === 'phone' ? 0 : 1;
      const spare = devices.filter((d) => d.vehicleId === null && d.type !== 'Other')[offset];
      const first = vehicles[10 + offset * 2];
      const second = vehicles[11 + offset * 2];
      if (!spare || !first || !second) throw new Error('the metro agency needs spares and vehicles');

      await selectAgency(page, METRO);
      // Nothing chosen yet: Assign waits for a vehicle and a device instead of failing.
      await expect(page.getByRole('button', { name: 'Assign Device' })).toBeDisabled();
      await expect(page.getByText('Choose a vehicle first.')).toBeVisible();

      await chooseVehicle(page, first.vehicleId);
      await findDevice(page, spare.deviceId);
      await expect(page.getByText('Unassigned', { exact: true })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Assign Device' }).click();
      await expect(toastTitle(page, 'Device Assigned')).toBeVisible();
      await expect(
        page.getByText('1 device successfully assigned to the external system.').first(),
      ).toBeVisible();
      const assigned = await api.get<Device>(`/api/devices/${spare.deviceId}`, demoToken);
      expect(assigned.vehicleId).toBe(first.id);

      // The same device onto another vehicle: a reassignment, confirmed first.
      await page.getByRole('searchbox', { name: 'Vehicle ID' }).fill(second.vehicleId);
      await page.getByRole('button', { name: new RegExp(`^Vehicle ${second.vehicleId}\\b`) }).click();
      await findDevice(page, spare.deviceId);
      await expect(page.getByText(`On vehicle ${first.vehicleId}`)).toBeVisible();
      await page.getByRole('button', { name: 'Assign Device' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Reassign Device?' });
      await expect(confirm).toContainText(
        `${spare.deviceId} is assigned to vehicle ${first.vehicleId}. Move it to vehicle ${second.vehicleId}?`,
      );
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Reassign' }).click();
      await expect(confirm).toBeHidden();
      await expect(toastTitle(page, 'Device Assigned')).toBeVisible();
      await expect
        .poll(async () => (await api.get<Device>(`/api/devices/${spare.deviceId}`, demoToken)).vehicleId)
        .toBe(second.id);

      // Put the spare back for the next run on this server.
      const back = await page.request.post('/api/devices/unassign', {
        headers: { Authorization: `Bearer ${demoToken}` },
        data: { deviceId: spare.deviceId, clientId },
      });
      expect(back.status()).toBe(200);
    },
  );

  test('an unknown device ID is not found and nothing is assigned', async ({
    signedInPage: page,
    api,
    demoToken,
  }) => {
    const { vehicles } = await metroFleet(api, demoToken);
    const vehicle = vehicles[5];
    if (!vehicle) throw new Error('the metro agency has vehicles');
    await selectAgency(page, METRO);
    await chooseVehicle(page, vehicle.vehicleId);
    await findDevice(page, 'NO-SUCH-UNIT-42');
    await expect(page.getByRole('alert').filter({ hasText: 'Device not found' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Device ID' })).toHaveAttribute('aria-invalid', 'true');
    // Nothing to assign: the button waits for a found device instead of failing.
    await expect(page.getByRole('button', { name: 'Assign Device' })).toBeDisabled();
    await expect(page.getByText('Find a device first.')).toBeVisible();
    await expectAccessible(page);
  });
});
