/** An honest placeholder for a screen whose features are not built yet: no invented data. */
export function ComingSoon({ what }: { what: string }) {
  return (
    <div className="rounded-xl border-2 border-dashed border-border p-6 text-center">
      <p className="text-lg font-semibold">Development in Progress</p>
      <p className="mt-1 text-muted-foreground">{what} will appear here in a coming release.</p>
    </div>
  );
}
