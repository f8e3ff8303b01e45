/** The parts of an OpenAPI 3.1 document the reference page shows. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};

export type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  $ref?: string;
};

export type MediaType = { schema?: Schema; example?: unknown };

export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
};

export type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> };
};

/** One operation (or webhook event) with where it lives: `path` is the URL path or the event's type. */
export type Entry = { method: string; path: string; operation: Operation; webhook: boolean };

/** The operations and webhook events of each tag, in the document's order of tags. */
export function entriesByTag(
  document: OpenApiDocument,
): { name: string; description?: string; entries: Entry[] }[] {
  const entries: Entry[] = [];
  const add = (source: OpenApiDocument['paths'] | undefined, webhook: boolean) => {
    for (const [path, methods] of Object.entries(source ?? {})) {
      for (const [method, operation] of Object.entries(methods)) {
        entries.push({ method: method.toUpperCase(), path, operation, webhook });
      }
    }
  };
  add(document.paths, false);
  add(document.webhooks, true);
  const tags = document.tags ?? [];
  const named = new Set(tags.map((tag) => tag.name));
  const untagged = entries.some((entry) => !named.has(entry.operation.tags?.[0] ?? ''));
  return [...tags, ...(untagged ? [{ name: 'Other' }] : [])]
    .map((tag) => ({
      ...tag,
      entries: entries.filter((entry) => {
        const first = entry.operation.tags?.[0] ?? '';
        return tag.name === 'Other' ? !named.has(first) : first === tag.name;
      }),
    }))
    .filter((tag) => tag.entries.length > 0);
}

/** A schema with its `$ref` followed into the document's components. */
export function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  const ref = schema?.$ref?.replace('#/components/schemas/', '');
  return ref ? document.components?.schemas?.[ref] : schema;
}

export function resolveParameter(document: OpenApiDocument, parameter: Parameter): Parameter | undefined {
  const ref = parameter.$ref?.replace('#/components/parameters/', '');
  return ref ? document.components?.parameters?.[ref] : parameter;
}

/** A short type for a table cell: `string (uuid)`, `array of Contact`, `"a" | "b"`. */
export function typeName(document: OpenApiDocument, schema: Schema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeName(document, variant)).join(' | ');
  if (schema.allOf?.length === 1) return typeName(document, schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
  if (type === 'array') return `array of ${typeName(document, schema.items)}`;
  return schema.format ? `${type} (${schema.format})` : type;
}
