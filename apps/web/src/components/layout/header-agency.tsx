/**
 * The header's "where am I": the selected agency's name on one line (cut with an ellipsis when
 * long, the whole name in its title), else the product's name.
 */
export function HeaderAgency({ name }: { name: string | null }) {
  if (name === null)
    return <span className="shrink-0 text-sm font-semibold text-muted-foreground">Installer Toolkit</span>;
  return (
    <p
      title={name}
      data-testid="header-agency"
      className="min-w-0 truncate text-right text-sm font-semibold whitespace-nowrap"
    >
      <span className="sr-only">Agency: </span>
      {name}
    </p>
  );
}
