import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { ApiText } from './api-text';
import { entriesByTag, type OpenApiDocument } from './openapi-types';
import { OperationItem } from './operation-item';

const slug = (name: string) => `api-${name.toLowerCase().replace(/\W+/g, '-')}`;

async function loadDocument(): Promise<OpenApiDocument> {
  const response = await fetch('/api/v1/openapi.json');
  if (!response.ok) throw new Error(`${response.status}: the API reference could not be loaded`);
  return response.json();
}

/** The public API's reference, drawn from its OpenAPI document in the app's own look. */
export function ApiReference() {
  const document = useQuery({
    queryKey: ['/api/v1/openapi.json'],
    queryFn: loadDocument,
    staleTime: Infinity,
  });
  if (document.isPending) return <Spinner label="Loading the API reference" />;
  if (document.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        The API reference could not be loaded.
      </p>
    );
  }
  const doc = document.data;
  const tags = entriesByTag(doc);
  return (
    <div className="space-y-8" data-testid="api-reference">
      <section className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-xl">{doc.info.title}</h2>
          <Badge variant="secondary">v{doc.info.version}</Badge>
        </div>
        {doc.servers?.[0] && (
          <p className="text-sm">
            Base URL:{' '}
            <code className="wrap-anywhere rounded bg-muted px-1 py-0.5 font-mono">{doc.servers[0].url}</code>
          </p>
        )}
        <ApiText text={doc.info.description} className="max-w-3xl text-sm" />
      </section>
      <nav aria-label="API sections">
        <ul className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag.name}>
              <a
                href={`#${slug(tag.name)}`}
                className="inline-flex rounded-md border px-3 py-1.5 text-sm outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {tag.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <section
          key={tag.name}
          id={slug(tag.name)}
          aria-labelledby={`${slug(tag.name)}-title`}
          className="scroll-mt-4 space-y-3"
        >
          <div>
            <h2 id={`${slug(tag.name)}-title`} className="font-semibold text-lg">
              {tag.name}
            </h2>
            {tag.description && <p className="text-muted-foreground text-sm">{tag.description}</p>}
          </div>
          <ul className="space-y-2">
            {tag.entries.map((entry) => (
              <OperationItem key={`${entry.method} ${entry.path}`} document={doc} entry={entry} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
