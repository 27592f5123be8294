export const TOUR_CATEGORIES = [
  'Getting Started',
  'Authentication',
  'Navigation',
  'Core Features',
  'Advanced Features',
  'Development',
] as const;
type TourCategory = (typeof TOUR_CATEGORIES)[number];

interface TourStep {
  id: string;
  title: string;
  description: string;
  category: TourCategory;
  /** A control on the screen the step is about; pointed at when the current screen shows it. */
  target?: string;
}

const navLink = (path: string) => `nav[aria-label="Main"] a[href="${path}"]`;

/** The guided tour of §2, in the spec's order (TOUR_STEP_COUNT = 12 steps, §9). */
export const TOUR_STEPS = [
  {
    id: 'welcome',
    title: 'Welcome to Installer Toolkit',
    description:
      'This tour shows how to fit, test and manage on-board equipment for your transit agencies. It takes about 5 to 10 minutes; jump to any step from the highlights below.',
    category: 'Getting Started',
  },
  {
    id: 'login',
    title: 'Login and Client Selection',
    description:
      'Sign in with your fleet-system credentials; tick “Remember me on this device” on your own phone. Then choose the transit agency you work for today: everything after that is scoped to it.',
    category: 'Authentication',
  },
  {
    id: 'overview',
    title: 'Fleet Overview',
    description:
      'Live counts of the agency: vehicles online, unknown and offline, and devices by type. Tap a card to open the matching list; the figures update every 15 seconds.',
    category: 'Navigation',
    target: navLink('/overview'),
  },
  {
    id: 'vehicles',
    title: 'Vehicles Page',
    description:
      'Search vehicles by id, description or route, filter them by status and sort them by name. Expand a vehicle for its details, connected devices and actions.',
    category: 'Core Features',
    target: navLink('/vehicles'),
  },
  {
    id: 'assignment',
    title: 'Device Assignment',
    description:
      'Assign a device to a vehicle, reassign it from another vehicle (after a confirmation) or unassign it. Quick assignment on the overview takes a vehicle id and a device id.',
    category: 'Core Features',
  },
  {
    id: 'new-devices',
    title: 'Creating New Devices',
    description:
      'Add a device that is not in the system yet: pick its type and system, give it a name, and the serial number, ESN, phone or heights the type needs.',
    category: 'Core Features',
    target: navLink('/devices'),
  },
  {
    id: 'control',
    title: 'Device Control and Monitoring',
    description:
      'See each device’s status and last-seen time. Send SMS commands to GPS units, reload the configuration or card database of tablets, open the browser login of APC units and routers, and check the sync with the external system.',
    category: 'Advanced Features',
  },
  {
    id: 'documentation',
    title: 'Installation Documentation',
    description:
      'Capture installation photos and notes for a vehicle (notes support voice dictation) and keep the installation log. The installation page’s Upload Summary shows what is uploaded to Navigator, and Upload to Navigator sends the rest.',
    category: 'Development',
    target: navLink('/reports'),
  },
  {
    id: 'vehicle-info',
    title: 'Vehicle Information Management',
    description:
      'Edit a vehicle’s VIN, make, model, year and odometer. Scan or type the VIN and decode it to fill in make, model and year.',
    category: 'Core Features',
  },
  {
    id: 'bottom-nav',
    title: 'Bottom Navigation',
    description:
      'The bar at the bottom of every working screen takes you to Overview, Vehicles, Devices, Reports and Support with one tap.',
    category: 'Navigation',
    target: 'nav[aria-label="Main"]',
  },
  {
    id: 'reports',
    title: 'Configuration Tests and Reports',
    description:
      'Run the configuration tests of a vehicle (GPS, connectivity, head sign, clock sync, audio) and export the result as a PDF or by e-mail.',
    category: 'Advanced Features',
  },
  {
    id: 'support',
    title: 'Support and Mood Tracker',
    description:
      'Log how your work is going, ask for a vehicle to be added, request access or write to support, and restart this tour at any time from Support.',
    category: 'Getting Started',
    target: navLink('/support'),
  },
] as const satisfies readonly TourStep[];
