import type { Template, WithCreator } from '@prospector/contracts';
import { EyeIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { bodyPreview } from './body-preview';

/** One card of the Templates grid: name, subject, type, the first 100 characters of the body and its maker. */
export function TemplateCard({
  template,
  onEdit,
  onDelete,
}: {
  template: Template & Partial<WithCreator<Template>>;
  /** Edit and Delete are offered only with these (not to a viewer). */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const preview = bodyPreview(template.htmlBody);
  return (
    <Card className="flex flex-col" data-testid="template-card" aria-label={template.name} role="article">
      <CardHeader>
        <div className="flex min-w-0 items-start justify-between gap-2">
          <CardTitle className="min-w-0 flex-1 truncate text-base" title={template.name}>
            {template.name}
          </CardTitle>
          <Badge variant="secondary" className="shrink-0">
            {template.templateType === 'builder' ? 'Builder' : 'HTML'}
          </Badge>
        </div>
        <CardDescription className="truncate" title={template.subject}>
          {template.subject}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="line-clamp-3 text-muted-foreground text-sm">{preview || 'No content yet'}</p>
        {template.createdByName && (
          <p className="mt-2 truncate text-muted-foreground text-xs">Created by {template.createdByName}</p>
        )}
      </CardContent>
      <CardFooter className="gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link to={`/templates/${template.id}/preview`}>
            <EyeIcon aria-hidden />
            Preview
          </Link>
        </Button>
        {onEdit && (
          <Button variant="outline" size="sm" onClick={onEdit}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
        )}
        {onDelete && (
          <Button
            variant="ghost"
            size="icon-sm"
            className="ml-auto text-destructive"
            aria-label={`Delete ${template.name}`}
            onClick={onDelete}
          >
            <Trash2Icon aria-hidden />
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
