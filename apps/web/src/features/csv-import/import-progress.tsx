/** Live import progress: rows handled out of the total, as numbers and a bar, and what happens now. */
export function ImportProgress({
  label,
  done,
  total,
  note,
}: {
  label: string;
  done: number;
  total: number;
  note?: string;
}) {
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className="grid gap-2">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="tabular-nums" data-testid="import-progress">
          {done.toLocaleString('en-US')}/{total.toLocaleString('en-US')}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {note && <p className="text-muted-foreground text-xs">{note}</p>}
    </div>
  );
}
