/** How a metadata key is shown: a plain label and, for measurements, the unit after the value. */
interface MetadataField {
  label: string;
  unit?: string;
}

/** The keys the fleet system reports (see the provider's metadata), in words, with units. */
const KNOWN: Readonly<Record<string, MetadataField>> = {
  gpsCount: { label: 'GPS satellites' },
  lastFixAt: { label: 'Last GPS fix' },
  inputVoltage: { label: 'Input voltage', unit: 'V' },
  clockDriftMs: { label: 'Clock drift', unit: 'ms' },
  carrier: { label: 'Carrier' },
  temperature: { label: 'Temperature', unit: '°C' },
  appVersion: { label: 'App version' },
  network: { label: 'Network' },
  wifiClients: { label: 'Wi-Fi clients' },
  door: { label: 'Door' },
  countsToday: { label: 'Passenger counts today' },
  sensorHealthy: { label: 'Sensor healthy' },
  signalStrength: { label: 'Signal strength', unit: '%' },
};

/** Unit suffixes of other keys: clockDriftMs, engineTempC, supplyVoltageV... */
const SUFFIX_UNITS: readonly [RegExp, string][] = [
  [/Ms$/, 'ms'],
  [/(Pct|Percent)$/, '%'],
  [/(TempC|Celsius)$/, '°C'],
  [/Mv$/, 'mV'],
  [/(Volts|Voltage)$/, 'V'],
  [/Kph$/, 'km/h'],
  [/Mph$/, 'mph'],
];

function words(key: string): string {
  const text = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function metadataField(key: string): MetadataField {
  const known = KNOWN[key];
  if (known) return known;
  for (const [pattern, unit] of SUFFIX_UNITS) {
    if (pattern.test(key)) {
      const base = unit === 'V' ? key : key.replace(pattern, '');
      return { label: words(base), unit };
    }
  }
  return { label: words(key) };
}

/** A measurement with its unit: '-391 ms', '13.2 V', '41 °C', '87 %' written as '87%'. */
export function withUnit(value: string, unit: string | undefined): string {
  if (!unit) return value;
  return unit === '%' ? `${value}%` : `${value} ${unit}`;
}
