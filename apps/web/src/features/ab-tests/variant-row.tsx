import type { StepVariant } from '@prospector/contracts';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TemplateEditorDialog } from '../templates/template-editor-dialog';
import { useTemplates } from '../templates/template-queries';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** One live variant: its letter, its email (pick another or edit it), its share, and Delete (not for A). */
export function VariantRow({
  variant,
  canChange,
  onTemplate,
  onDelete,
}: {
  variant: StepVariant;
  canChange: boolean;
  onTemplate: (templateId: string) => void;
  onDelete: () => void;
}) {
  const templates = useTemplates();
  const [editing, setEditing] = useState(false);
  const template = templates.data?.find((t) => t.id === variant.templateId) ?? null;
  return (
    <li
      className="flex flex-wrap items-center gap-2 rounded-md border p-2"
      aria-label={`Variant ${variant.label}`}
    >
      <Badge variant="secondary" className="w-7 justify-center">
        {variant.label}
      </Badge>
      <Select value={variant.templateId ?? undefined} onValueChange={onTemplate}>
        <SelectTrigger className="min-w-0 flex-1" aria-label={`Email of variant ${variant.label}`}>
          <SelectValue
            placeholder={templates.isPending ? 'Loading templates...' : 'Select an email template'}
          />
        </SelectTrigger>
        <SelectContent className="max-h-[300px]">
          {(templates.data ?? []).map((t) => (
            <SelectItem key={t.id} value={t.id}>
              {t.name}
              <span className="text-muted-foreground"> · {t.subject}</span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <span
        className="w-14 text-right text-muted-foreground text-xs tabular-nums"
        title="Share of new enrolments"
      >
        {percent.format(variant.share)}
      </span>
      {canChange && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={!template}
          onClick={() => setEditing(true)}
        >
          <PencilIcon /> Edit email<span className="sr-only"> of variant {variant.label}</span>
        </Button>
      )}
      {canChange && variant.label !== 'A' && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="text-destructive"
          aria-label={`Delete variant ${variant.label}`}
          onClick={onDelete}
        >
          <Trash2Icon />
        </Button>
      )}
      <TemplateEditorDialog open={canChange && editing} onOpenChange={setEditing} template={template} />
    </li>
  );
}
