/** A row-selection checkbox (native, so it is keyboard and screen-reader friendly as is). */
export function SelectBox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
}) {
  return (
    <input
      type="checkbox"
      className="size-4 cursor-pointer accent-primary align-middle"
      checked={checked}
      onChange={onChange}
      aria-label={label}
    />
  );
}
