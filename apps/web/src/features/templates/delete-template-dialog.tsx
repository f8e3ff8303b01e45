import type { Template } from '@prospector/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteTemplate } from './template-queries';

/** The spec's delete confirm (section 2). */
export function DeleteTemplateDialog({
  template,
  onOpenChange,
  onDeleted,
}: {
  template: Template | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteTemplate(() => {
    onOpenChange(false);
    onDeleted?.();
  });
  return (
    <ConfirmDialog
      open={template !== null}
      onOpenChange={onOpenChange}
      title="Delete Template"
      description={<>Are you sure you want to delete "{template?.name}"? This action cannot be undone.</>}
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onConfirm={() => template && remove.mutate(template.id)}
    />
  );
}
