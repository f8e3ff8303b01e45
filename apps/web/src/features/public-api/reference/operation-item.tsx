import { ChevronDownIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/utils';
import { ApiText } from './api-text';
import {
  type Entry,
  type MediaType,
  type OpenApiDocument,
  type Parameter,
  resolve,
  resolveParameter,
  typeName,
} from './openapi-types';

const METHOD_TONES: Record<string, string> = {
  GET: 'bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  POST: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  PATCH: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  PUT: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  DELETE: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
};

function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        'w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono font-semibold text-xs',
        METHOD_TONES[method] ?? 'bg-muted text-foreground',
      )}
    >
      {method}
    </span>
  );
}

/** A list of named fields (parameters, headers, properties): name, type, required, description. */
function Fields({
  title,
  fields,
}: {
  title: string;
  fields: { name: string; type: string; required: boolean; description?: string }[];
}) {
  if (fields.length === 0) return null;
  return (
    <section className="space-y-2">
      <h4 className="font-medium text-sm">{title}</h4>
      <dl className="divide-y rounded-md border text-sm">
        {fields.map((field) => (
          <div key={field.name} className="space-y-1 px-3 py-2">
            <dt className="flex flex-wrap items-baseline gap-x-2">
              <code className="wrap-anywhere font-mono font-medium">{field.name}</code>
              <span className="wrap-anywhere text-muted-foreground text-xs">{field.type}</span>
              {field.required && <span className="text-amber-800 text-xs dark:text-amber-200">required</span>}
            </dt>
            {field.description && (
              <dd>
                <ApiText text={field.description} className="text-muted-foreground" />
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** JSON that wraps rather than scrolls, so it fits a phone. */
function Example({ value }: { value: unknown }) {
  if (value === undefined) return null;
  return (
    <pre className="wrap-anywhere whitespace-pre-wrap rounded-md border bg-muted/40 p-3 font-mono text-xs">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function json(content: Record<string, MediaType> | undefined): MediaType | undefined {
  return content?.['application/json'] ?? Object.values(content ?? {})[0];
}

function parameterFields(document: OpenApiDocument, parameters: Parameter[], where: string) {
  return parameters
    .map((parameter) => resolveParameter(document, parameter))
    .filter((parameter): parameter is Parameter => parameter?.in === where)
    .map((parameter) => ({
      name: parameter.name,
      type: typeName(document, parameter.schema),
      required: Boolean(parameter.required),
      description: parameter.description,
    }));
}

function propertyFields(document: OpenApiDocument, media: MediaType | undefined) {
  const schema = resolve(document, media?.schema);
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeName(document, property),
    required: required.has(name),
    description: property.description ?? resolve(document, property)?.description,
  }));
}

function OperationDetails({ document, entry }: { document: OpenApiDocument; entry: Entry }) {
  const { operation } = entry;
  const parameters = operation.parameters ?? [];
  const body = json(operation.requestBody?.content);
  return (
    <>
      <ApiText text={operation.description} className="text-sm" />
      <Fields title="Path parameters" fields={parameterFields(document, parameters, 'path')} />
      <Fields title="Query parameters" fields={parameterFields(document, parameters, 'query')} />
      <Fields title="Headers" fields={parameterFields(document, parameters, 'header')} />
      {body && (
        <section className="space-y-2">
          <Fields
            title={entry.webhook ? 'Payload' : 'Request body'}
            fields={propertyFields(document, body)}
          />
          <Example value={body.example} />
        </section>
      )}
      {operation.responses && (
        <section className="space-y-2">
          <h4 className="font-medium text-sm">Responses</h4>
          <ul className="space-y-3">
            {Object.entries(operation.responses).map(([status, response]) => (
              <li key={status} className="space-y-2">
                <p className="text-sm">
                  <span className="mr-2 font-mono font-semibold">{status}</span>
                  {response.description}
                </p>
                <Example value={json(response.content)?.example} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** One operation or webhook event: a line that opens to its parameters, body and responses. */
export function OperationItem({ document, entry }: { document: OpenApiDocument; entry: Entry }) {
  const [open, setOpen] = useState(false);
  const details = useId();
  return (
    <li className="rounded-lg border">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? details : undefined}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full min-w-0 items-start gap-3 rounded-lg p-3 text-left outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {!entry.webhook && <MethodBadge method={entry.method} />}
          <span className="grid min-w-0 flex-1 gap-0.5">
            <code className="wrap-anywhere font-mono text-sm">{entry.path}</code>
            <span className="text-muted-foreground text-sm">{entry.operation.summary}</span>
          </span>
          <ChevronDownIcon
            aria-hidden
            className={cn(
              'mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform',
              open && 'rotate-180',
            )}
          />
        </button>
      </h3>
      {open && (
        <div id={details} className="space-y-4 border-t p-4">
          <OperationDetails document={document} entry={entry} />
        </div>
      )}
    </li>
  );
}
