import { pluralize } from '../../../../lib/pluralize.ts';

/** What a bus-list and a shipment preview share (`CsvPreview`, `ShipmentPreview`). */
interface PreviewCounts {
  new: number;
  unchanged: number;
  errorCount: number;
  warningCount: number;
  errors: readonly { row: number | null; message: string }[];
  warnings: readonly { row: number | null; message: string }[];
  expectedHeader?: string | null | undefined;
  alreadyImported?: string | null | undefined;
  imported?: boolean | undefined;
}

type Heading = 'h3' | 'h4';

/** A row's message as the server words it ("Row 7: serial is empty."), file-level ones as they are. */
function Messages({
  title,
  list,
  total,
  heading: H,
}: {
  title: string;
  list: PreviewCounts['errors'];
  total: number;
  heading: Heading;
}) {
  if (list.length === 0) return null;
  return (
    <section aria-label={title} className="grid gap-1">
      <H className="font-semibold">
        {title}
        {total > list.length && (
          <span className="font-normal text-muted-foreground">{` (the first ${String(list.length)} of ${total.toLocaleString('en-US')})`}</span>
        )}
      </H>
      <ul className="grid gap-1 pl-5 text-sm [list-style:disc]">
        {list.map((m, i) => (
          <li key={`${String(m.row)}-${String(i)}`}>{m.message}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A CSV file's preview (or import), a bus list's or a shipment's: new, unchanged, errors and
 * warnings counted, then the first messages with their rows; once imported, `done` says what was
 * added (by default, the buses).
 */
export function CsvPreviewView({
  preview,
  done,
  heading = 'h4',
}: {
  preview: PreviewCounts;
  done?: string;
  heading?: Heading;
}) {
  const counts: [string, number][] = [
    ['New', preview.new],
    ['Unchanged', preview.unchanged],
    ['Errors', preview.errorCount],
    ['Warnings', preview.warningCount],
  ];
  return (
    <div className="grid gap-3">
      {preview.alreadyImported && (
        <p role="status" className="font-medium">
          {preview.alreadyImported}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border p-2">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-xl font-bold">{value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      <Messages title="Errors" list={preview.errors} total={preview.errorCount} heading={heading} />
      {preview.expectedHeader && (
        <p className="text-sm">
          Expected header: <code className="break-all">{preview.expectedHeader}</code>
        </p>
      )}
      <Messages title="Warnings" list={preview.warnings} total={preview.warningCount} heading={heading} />
      {preview.imported && (
        <p role="status" className="font-semibold">
          {done ?? `Imported ${pluralize(preview.new, 'bus', 'buses')}.`}
        </p>
      )}
    </div>
  );
}
