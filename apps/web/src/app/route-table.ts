/**
 * The screens of spec §2 as data: the URL pattern, the module under app/routes/ that renders it,
 * whether it needs a signed-in user, and its frame. The router is built from this table, and so is
 * the build's list of the code each URL needs first (the server preloads it with the page).
 * Plain data on purpose: vite.config.ts reads it too.
 */
/** none: the screen draws its own page; nav: header, back button and bottom navigation; plain: header only. */
export type ScreenFrame = 'none' | 'nav' | 'plain';

/** A screen that needs a selected client: its title and what it shows, for 'No Client Selected'. */
export type ClientScope = { title: string; what: string };

export type Screen = {
  path: string;
  /** app/routes/<module>.tsx */
  module: string;
  /** Behind the route guard 'a client must be selected' (app/layouts/require-client.tsx). */
  client?: ClientScope;
} & ({ signedIn: true; frame: ScreenFrame } | { signedIn: false; frame: 'none' });

export const SCREENS: readonly Screen[] = [
  { path: '/', module: 'root', signedIn: false, frame: 'none' },
  { path: '/login', module: 'login', signedIn: false, frame: 'none' },
  { path: '/clients', module: 'clients', signedIn: true, frame: 'none' },
  {
    path: '/dashboard',
    module: 'dashboard',
    signedIn: true,
    frame: 'nav',
    client: { title: 'Installer Workspace', what: 'its vehicles and start an installation' },
  },
  {
    path: '/overview',
    module: 'overview',
    signedIn: true,
    frame: 'nav',
    client: { title: 'Fleet Overview', what: 'its fleet' },
  },
  {
    path: '/vehicles',
    module: 'vehicles',
    signedIn: true,
    frame: 'nav',
    client: { title: 'Vehicles', what: 'its vehicles' },
  },
  {
    path: '/devices',
    module: 'devices',
    signedIn: true,
    frame: 'nav',
    client: { title: 'Devices', what: 'its devices' },
  },
  { path: '/devices/:deviceId', module: 'device-detail', signedIn: true, frame: 'nav' },
  { path: '/vehicle/:vehicleId/installation', module: 'installation', signedIn: true, frame: 'nav' },
  { path: '/reports', module: 'reports', signedIn: true, frame: 'nav' },
  {
    path: '/campaigns',
    module: 'campaigns',
    signedIn: true,
    frame: 'nav',
    client: { title: 'Campaigns', what: 'its install campaigns' },
  },
  {
    path: '/campaigns/:campaignId',
    module: 'campaign',
    signedIn: true,
    frame: 'nav',
    client: { title: 'My buses', what: "its campaign's buses" },
  },
  {
    path: '/campaigns/:campaignId/buses/:busId',
    module: 'campaign-bus',
    signedIn: true,
    frame: 'nav',
    client: { title: 'Bus checklist', what: "the bus's checklist" },
  },
  {
    path: '/campaigns/:campaignId/shipments',
    module: 'campaign-shipments',
    signedIn: true,
    frame: 'nav',
    client: { title: 'Shipments', what: "its campaign's shipments" },
  },
  { path: '/support', module: 'support', signedIn: true, frame: 'nav' },
  // §2: every path but the public ones, without a token, goes to /login; the 404 page with one.
  { path: '*', module: 'not-found', signedIn: true, frame: 'plain' },
];
