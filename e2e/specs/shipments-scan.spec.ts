import type { APIRequestContext } from '@playwright/test';
import type { Campaign, CampaignBusDetail, CampaignBusPage } from '@toolkit/contracts/campaigns.ts';
import type { Client } from '@toolkit/contracts/clients.ts';
import type { Device } from '@toolkit/contracts/devices.ts';
import type { ShipmentPreview, UnitLookup } from '@toolkit/contracts/shipments.ts';
import type { Vehicle } from '@toolkit/contracts/vehicles.ts';
import { expect, expectAccessible, openSignedIn, selectAgency, test, toastTitle } from '../fixtures.ts';

/**
 * Issue 35, the unit scan: a supervisor imports a shipment; on the phone, in a bus's workspace, an
 * installer types the text of a unit's box label (a unit the fleet platform does not have yet),
 * creates the device from the shipment, and it goes on the bus: the unit is installed there and
 * the bus's campaign checklist counts it.
 */
const LEAD = { username: 'lead', password: 'demo-password' } as const;
const METRO = 'Riverside Metropolitan Transit';
const LOAD = { timeout: 20_000 };

test.use({ viewport: { width: 360, height: 780 } });

/** 14 random digits and their Luhn check digit: an IMEI no other run has imported. */
function randomImei(): string {
  const body = Array.from({ length: 14 }, (_, i) => (i === 0 ? 3 : Math.floor(Math.random() * 10))).join('');
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${body}${String((10 - (sum % 10)) % 10)}`;
}

async function send(request: APIRequestContext, token: string, url: string, data: unknown, csv = false) {
  const res = await request.post(url, {
    headers: {
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': `e2e-${String(Date.now())}-${String(Math.random())}`,
      ...(csv ? { 'Content-Type': 'text/csv' } : {}),
    },
    data,
  });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as unknown;
}

test('a unit scanned from its box label is created from the shipment and installed on the bus', async ({
  page,
  api,
  request,
  demoToken,
}) => {
  test.setTimeout(150_000);
  const leadToken = await api.login(LEAD);
  const metro = (await api.get<Client[]>('/api/clients', leadToken)).find((c) => c.fullName === METRO);
  if (!metro) throw new Error(`${METRO} is not among lead's agencies`);
  const vehicles = await api.get<Vehicle[]>(`/api/vehicles/client/${String(metro.id)}`, leadToken);

  // The supervisor: a campaign fitting one GPS, on five buses no other campaign spec takes (a bus is
  // in one active campaign; the installer's spec takes the middle of the fleet, the journey and the
  // board its last 20), and a shipment for it.
  const campaign = (await send(request, leadToken, '/api/campaigns', {
    clientId: metro.id,
    name: `Shipment scan ${String(Date.now())}`,
    items: [{ key: 'gps_fitted', label: 'GPS fitted', kind: 'fit', deviceType: 'GPS', quantity: 1 }],
  })) as Campaign;
  const candidates = vehicles.slice(-25, -20).sort(() => Math.random() - 0.5);
  const added = (await send(request, leadToken, `/api/campaigns/${String(campaign.id)}/buses`, {
    vehicleIds: candidates.map((v) => v.id),
  })) as { added: number };
  expect(added.added).toBeGreaterThan(0);
  const buses = await api.get<CampaignBusPage>(`/api/campaigns/${String(campaign.id)}/buses`, leadToken);
  const bus = buses.items[0];
  if (!bus) throw new Error('the campaign has no bus');

  const serial = `SN-E2E-${String(Date.now()).slice(-8)}`;
  const imei = randomImei();
  const query = new URLSearchParams({
    clientId: String(metro.id),
    campaignId: String(campaign.id),
    reference: `PO-${serial}`,
  });
  const csv = `serial,device_type,imei,box\n${serial},GPS,${imei},B1\n`;
  const preview = (await send(
    request,
    leadToken,
    `/api/shipments/import?${query.toString()}&dryRun=1`,
    csv,
    true,
  )) as ShipmentPreview;
  expect([preview.new, preview.errorCount]).toEqual([1, 0]);
  const imported = (await send(
    request,
    leadToken,
    `/api/shipments/import?${query.toString()}`,
    csv,
    true,
  )) as ShipmentPreview;
  expect(imported.imported).toBe(true);

  // The installer, in the bus's workspace on the phone, types what the box label says.
  await openSignedIn(page, demoToken, '/clients');
  await selectAgency(page, METRO);
  await page.goto(`/dashboard?vehicleId=${String(bus.vehicleId)}`);
  await expect(page.getByText(`Vehicle ${bus.fleetNumber}`, { exact: true })).toBeVisible(LOAD);
  await page.getByLabel('Device ID', { exact: true }).fill(`S/N: ${serial} IMEI ${imei}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const offer = page.getByRole('button', { name: `Create GPS from shipment ${serial} (IMEI ${imei})` });
  await expect(offer).toBeVisible(LOAD);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);

  // Create Device, prefilled with the unit's IMEI, on this bus.
  await offer.click();
  const dialog = page.getByRole('dialog', { name: 'Create GPS Device' });
  await expect(dialog.getByLabel(/^Serial number/)).toHaveValue(imei, LOAD);
  await dialog.getByLabel(/^Device name/).fill('Front GPS');
  await dialog.getByLabel(/^Device system/).selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Create Device' }).click();
  await expect(dialog).toBeHidden(LOAD);
  await expect(toastTitle(page, 'Device Created')).toBeVisible();
  await expect(offer).toBeHidden();

  // On the bus; the unit is installed there; scanned again, the label says so.
  const onBus = await api.get<Device[]>(`/api/devices/vehicle/${String(bus.vehicleId)}`, demoToken);
  const created = onBus.find((d) => d.serialNumber === imei);
  if (!created) throw new Error(`no device with ${imei} on bus ${bus.fleetNumber}`);
  expect(created.type).toBe('GPS');
  const lookup = await api.get<UnitLookup>(
    `/api/shipment-units/lookup?clientId=${String(metro.id)}&code=${serial}`,
    demoToken,
  );
  expect([lookup.unit?.status, lookup.unit?.bus?.fleetNumber, lookup.unit?.deviceId]).toEqual([
    'installed',
    bus.fleetNumber,
    created.deviceId,
  ]);
  await page.getByLabel('Device ID', { exact: true }).fill(`S/N: ${serial}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `${serial} is already installed on bus ${bus.fleetNumber}` }),
  ).toBeVisible(LOAD);

  // The bus's campaign checklist counts it under Fit.
  const detail = await api.get<CampaignBusDetail>(`/api/campaign-buses/${String(bus.id)}`, demoToken);
  expect(detail.items.find((i) => i.key === 'gps_fitted')?.state).toBe('done');
  await page.goto(`/campaigns/${String(campaign.id)}/buses/${String(bus.id)}`);
  await expect(page.getByRole('list', { name: 'Evidence for GPS fitted' })).toContainText(
    created.deviceId,
    LOAD,
  );
});
