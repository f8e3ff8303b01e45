import { ArrowLeftIcon, FileQuestionIcon } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TEMPLATES_PATH, TemplatePreviewView } from '@/features/templates/template-preview-view';
import { useTemplate } from '@/features/templates/template-queries';
import { errorStatus } from '@/lib/api';

/** /templates/{templateId}/preview (spec section 2). */
export default function TemplatePreviewPage() {
  const { templateId } = useParams();
  if (!templateId) return <Navigate to={TEMPLATES_PATH} replace />;
  return <TemplatePreview id={templateId} />;
}

function TemplatePreview({ id }: { id: string }) {
  const template = useTemplate(id);
  if (template.isPending) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-2 p-16 text-muted-foreground text-sm"
      >
        <Spinner /> Loading template...
      </div>
    );
  }
  if (template.isError) {
    const missing = errorStatus(template.error) === 404;
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 p-16 text-center">
        <FileQuestionIcon className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="font-semibold text-xl">
          {missing ? 'Template not found' : 'Failed to load template'}
        </h1>
        <p className="text-muted-foreground text-sm">
          {missing ? 'It may have been deleted, or the link is wrong.' : 'Please try refreshing the page.'}
        </p>
        <Button variant="outline" asChild>
          <Link to={TEMPLATES_PATH}>
            <ArrowLeftIcon aria-hidden />
            Back to Templates
          </Link>
        </Button>
      </div>
    );
  }
  return <TemplatePreviewView template={template.data} />;
}
