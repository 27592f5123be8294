import type { CsvPreview } from '@toolkit/contracts/campaigns.ts';
import { pluralize } from '../../../../lib/pluralize.ts';

function Messages({ title, list, total }: { title: string; list: CsvPreview['errors']; total: number }) {
  if (list.length === 0) return null;
  return (
    <section aria-label={title} className="grid gap-1">
      <h4 className="font-semibold">
        {title}
        {total > list.length && (
          <span className="font-normal text-muted-foreground">{` (the first ${String(list.length)} of ${total.toLocaleString('en-US')})`}</span>
        )}
      </h4>
      <ul className="grid gap-1 pl-5 text-sm [list-style:disc]">
        {list.map((m, i) => (
          <li key={`${String(m.row)}-${String(i)}`}>{m.message}</li>
        ))}
      </ul>
    </section>
  );
}

/** A bus list's preview (or import): counts, then the first messages, each with its row. */
export function CsvPreviewView({ preview }: { preview: CsvPreview }) {
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    <div className="grid gap-3">
      {preview.alreadyImported && <p role="status">{preview.alreadyImported}</p>}
      <dl className="grid grid-cols-4 gap-2 text-center">
        {[
          ['New', preview.new],
          ['Unchanged', preview.unchanged],
          ['Errors', preview.errorCount],
          ['Warnings', preview.warningCount],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border p-2">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-xl font-bold">{n(Number(value))}</dd>
          </div>
        ))}
      </dl>
      <Messages title="Errors" list={preview.errors} total={preview.errorCount} />
      {preview.expectedHeader && (
        <p className="text-sm">
          Expected header: <code className="break-all">{preview.expectedHeader}</code>
        </p>
      )}
      <Messages title="Warnings" list={preview.warnings} total={preview.warningCount} />
      {preview.imported && (
        <p role="status" className="font-semibold">{`Imported ${pluralize(preview.new, 'bus', 'buses')}.`}</p>
      )}
    </div>
  );
}
