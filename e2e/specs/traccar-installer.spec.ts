import { NOT_AVAILABLE_WITH_PLATFORM } from '@toolkit/contracts/platform.ts';
import { appTookOver, expect, expectAccessible, selectAgency, toastTitle, type Page } from '../fixtures.ts';
import { LOAD_TIMEOUT, openDevice } from '../support/device-journey.ts';
import { pdfText } from '../support/pdf-text.ts';
import {
  STANDIN_INSTALLER,
  test,
  traccarAdminGet,
  type TcDevice,
  type TcGroup,
} from '../support/traccar-test.ts';
import { expandVehicle } from '../support/vehicle-journey.ts';

/**
 * An installer's job on a bus of an agency that runs Traccar (decision 033): the server under test
 * runs with FLEET_PROVIDER=traccar against the stand-in (support/traccar-test.ts). What the
 * installer does reaches Traccar (checked in the stand-in with its administrator's token); what
 * Traccar cannot do is said to be not available with this platform, never a failure.
 */
test.describe.configure({ timeout: 120_000 });

const AGENCY = 'Metro Transit';
const BUS = '1007';

async function openControlPanel(page: Page, deviceId: string) {
  await page.getByRole('button', { name: 'Control Panel' }).click();
  const panel = page.getByRole('dialog', { name: `Control Panel: ${deviceId}` });
  await expect(panel).toBeVisible();
  return panel;
}

test('an installer signs in with Traccar, assigns a spare GPS unit, sends it an SMS, tests the bus and exports the report', async ({
  page,
  request,
  traccar,
}) => {
  // The agency's group, the bus's group inside it and the agency's spares, as Traccar holds them.
  const groups = await traccarAdminGet<TcGroup[]>(request, `${traccar.standinUrl}/api/groups?all=true`);
  const agencyGroup = groups.find((g) => g.name === AGENCY && g.groupId === 0);
  const busGroup = groups.find((g) => g.name === BUS && g.groupId === agencyGroup?.id);
  if (!agencyGroup || !busGroup) throw new Error(`the stand-in has no ${AGENCY} bus ${BUS}`);
  const devices = await traccarAdminGet<TcDevice[]>(request, `${traccar.standinUrl}/api/devices?all=true`);
  const spare = (name: string) => {
    const found = devices.find((d) => d.name === `${AGENCY} spare ${name}` && d.groupId === agencyGroup.id);
    if (!found) throw new Error(`the stand-in has no spare ${name} in ${AGENCY}`);
    return found;
  };
  const gps = spare('GPS');
  const tablet = spare('Tablet');

  // Sign in with the Traccar e-mail and password; the Traccar user's agencies are offered.
  await page.goto('/login');
  await appTookOver(page);
  await page.getByLabel('Username or email').fill(STANDIN_INSTALLER.email);
  await page.getByLabel('Password').fill(STANDIN_INSTALLER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText(`Welcome back, ${STANDIN_INSTALLER.name}! (session only)`, { exact: true }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Select Client' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Valley Bus/ })).toBeVisible();
  await selectAgency(page, AGENCY);

  // Find the bus and start the installation on it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vehicles' }).click();
  await expect(page.getByRole('heading', { name: 'Vehicles' })).toBeVisible();
  await expandVehicle(page, BUS);
  await page.getByRole('link', { name: 'Start installation', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Installer Workspace' })).toBeVisible();
  await expect(page.getByText(`Vehicle ${BUS}`, { exact: true })).toBeVisible();
  const workspace = page.url();

  // The spare GPS unit from the agency's unassigned devices, assigned to the bus.
  await page.getByRole('button', { name: 'Add from list' }).click();
  const picker = page.getByRole('dialog', { name: 'Add from Device List' });
  await picker.getByLabel('Search devices').fill(gps.uniqueId);
  await picker.getByRole('button', { name: new RegExp(`^${gps.uniqueId} GPS$`) }).click();
  await expect(picker).toBeHidden();
  await page.getByRole('button', { name: `Assign 1 to ${BUS}` }).click();
  await expect(toastTitle(page, 'Devices Assigned')).toBeVisible(LOAD_TIMEOUT);
  await expect(
    page
      .getByRole('region', { name: 'Assignment results' })
      .getByText(`${gps.uniqueId}: Assigned in the external system`),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: `Devices on ${BUS}` }).getByText(gps.uniqueId)).toBeVisible(
    LOAD_TIMEOUT,
  );

  // In Traccar the unit moved from the agency's group into the bus's group.
  const inTraccar = await traccarAdminGet<TcDevice[]>(request, `${traccar.standinUrl}/api/devices?all=true`);
  expect(inTraccar.find((d) => d.uniqueId === gps.uniqueId)?.groupId).toBe(busGroup.id);

  // A status report by SMS: sent through Traccar, which captures no reply; none is shown.
  await openDevice(page, gps.uniqueId);
  const gpsPanel = await openControlPanel(page, gps.uniqueId);
  await expect(gpsPanel.getByText(`Commands are sent by SMS to ${gps.phone ?? ''}.`)).toBeVisible();
  await gpsPanel.getByRole('button', { name: 'Status Report (!R0)' }).click();
  const reply = gpsPanel.getByRole('region', { name: 'SMS reply' });
  await expect(reply.getByRole('status')).toHaveText(
    '!R0: Sent to the unit; the fleet platform does not capture replies',
    LOAD_TIMEOUT,
  );
  await expect(reply.getByText('Traccar captures no SMS replies or delivery receipts.')).toBeVisible();
  await expect(reply.getByText(/^No reply/)).toHaveCount(0);
  await expect(reply.locator('pre')).toHaveCount(0);
  await expect(gpsPanel.getByRole('list', { name: 'Status checks' })).toHaveCount(0);
  const writes = await traccarAdminGet<{ method: string; path: string; body: string }[]>(
    request,
    `${traccar.standinUrl}/__standin/writes`,
  );
  const commands = writes.filter((w) => w.method === 'POST' && w.path === '/api/commands/send');
  expect(commands.map((w) => JSON.parse(w.body) as unknown)).toEqual([
    expect.objectContaining({ type: 'custom', textChannel: true, attributes: { data: '!R0' } }),
  ]);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(gpsPanel).toBeHidden();

  // Back on the bus: the configuration test, then its report as a PDF naming the bus and the unit.
  await page.goto(workspace);
  await expect(page.getByText(`Vehicle ${BUS}`, { exact: true })).toBeVisible(LOAD_TIMEOUT);
  await page.getByRole('button', { name: 'Run Test' }).click();
  const results = page.getByRole('list', { name: 'Test results' });
  await expect(results.getByRole('listitem')).toHaveCount(5, LOAD_TIMEOUT);
  for (const name of ['GPS', 'Connectivity', 'Head-sign', 'Clock sync', 'Audio'])
    await expect(results.getByText(name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Export PDF' }).click();
  await expect(toastTitle(page, 'Report ready')).toBeVisible(LOAD_TIMEOUT);
  const open = page.getByRole('link', { name: 'Open PDF report' });
  const href = await open.getAttribute('href');
  expect(href).toMatch(/^\/api\/reports\/\d+\/pdf\?key=/);
  const pdf = await request.get(href ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdf.body());
  expect(text).toContain(BUS);
  expect(text).toContain(gps.uniqueId);

  // Tablet operations do not exist in Traccar: said so with the reason, not as a failure.
  await openDevice(page, tablet.uniqueId);
  const tabletPanel = await openControlPanel(page, tablet.uniqueId);
  const note = tabletPanel.getByRole('note');
  await expect(note).toContainText(NOT_AVAILABLE_WITH_PLATFORM, LOAD_TIMEOUT);
  await expect(note).toContainText('Traccar has no tablet operations');
  await expect(tabletPanel.getByRole('button', { name: 'Query MDT' })).toHaveCount(0);
  await expect(tabletPanel.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Operation Failed')).toHaveCount(0);
});
