import {
  type CreateTemplateInput,
  createTemplateSchema,
  findUnknownVariablesAmong,
  type Template,
  type TemplateType,
} from '@prospector/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
import type { BuilderDesign, EmailBuilderHandle } from './builder/email-builder';
import { useCreateTemplate, useUpdateTemplate } from './template-queries';
import { useCustomKeys } from './use-custom-keys';

export const EXPORT_FAILED = 'Failed to export from editor. Please try again.';

export interface EditorValues {
  name: string;
  subject: string;
  templateType: TemplateType;
  htmlBody: string;
  plainTextBody: string;
}

const valuesOf = (template: Template | null): EditorValues => ({
  name: template?.name ?? '',
  subject: template?.subject ?? '',
  templateType: template?.templateType ?? 'html',
  htmlBody: template?.htmlBody ?? '',
  plainTextBody: template?.plainTextBody ?? '',
});

/** State and saving of the template editor: the form, the builder's export, unknown-variable confirmation. */
export function useTemplateEditor(template: Template | null, onSaved: (template: Template) => void) {
  const form = useForm<EditorValues>({ defaultValues: valuesOf(template) });
  const [plainEdited, setPlainEdited] = useState(Boolean(template?.plainTextBody));
  const customKeys = useCustomKeys();
  /** The builder's project data and the HTML body it produced; the builder reopens from it. */
  const [design, setDesign] = useState({
    projectData: template?.builderJson ?? null,
    html: template?.htmlBody ?? '',
  });
  const [pending, setPending] = useState<{ input: CreateTemplateInput; unknown: string[] } | null>(null);
  const builder = useRef<EmailBuilderHandle>(null);
  // A message shown after Save goes away as soon as its field is edited.
  useEffect(() => {
    const { unsubscribe } = form.watch((_values, { name }) => {
      if (name && form.getFieldState(name).error) form.clearErrors(name);
    });
    return unsubscribe;
  }, [form]);
  const create = useCreateTemplate(onSaved);
  const update = useUpdateTemplate(onSaved);

  /** The builder's design, or null after telling the user the export failed. */
  function exportBuilder(options?: { readable?: boolean }): BuilderDesign | null {
    try {
      if (!builder.current) throw new Error('The builder has not loaded');
      const exported = builder.current.exportDesign(options);
      setDesign({ projectData: exported.projectData, html: exported.html });
      return exported;
    } catch {
      toast({ title: 'Error', description: EXPORT_FAILED, variant: 'destructive' });
      return null;
    }
  }

  /** The body as it stands: the form's HTML, or the builder's export. Null when the export failed. */
  function currentBody(): { htmlBody: string; builderJson: Record<string, unknown> | null } | null {
    if (form.getValues('templateType') === 'html')
      return { htmlBody: form.getValues('htmlBody'), builderJson: design.projectData };
    const exported = exportBuilder();
    return exported && { htmlBody: exported.html, builderJson: exported.projectData };
  }

  /** html -> builder starts from the saved design when the HTML is still its output, else from the HTML. */
  function switchType(next: TemplateType) {
    const current = form.getValues('templateType');
    if (next === current) return;
    if (next === 'html') {
      // Indented, since the user now edits it by hand.
      const exported = exportBuilder({ readable: true });
      if (!exported) return;
      form.setValue('htmlBody', exported.html);
    } else if (form.getValues('htmlBody') !== design.html) {
      setDesign({ projectData: null, html: form.getValues('htmlBody') });
    }
    form.setValue('templateType', next);
  }

  function parsedInput(): CreateTemplateInput | null {
    form.clearErrors();
    const body = currentBody();
    if (!body) return null;
    const values = form.getValues();
    const parsed = createTemplateSchema.safeParse({
      ...values,
      ...body,
      plainTextBody: plainEdited ? values.plainTextBody : null,
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'subject' || issue.path[0] === 'htmlBody' ? issue.path[0] : 'name';
      if (!form.getFieldState(field).error) form.setError(field, { message: issue.message });
    }
    return null;
  }

  function persist(input: CreateTemplateInput) {
    setPending(null);
    if (template) update.mutate({ id: template.id, input });
    else create.mutate(input);
  }

  /** Save, after the user confirms when the template holds unknown variables. */
  function save() {
    const input = parsedInput();
    if (!input) return;
    const unknown = findUnknownVariablesAmong(customKeys, [
      input.subject,
      input.htmlBody,
      input.plainTextBody,
    ]);
    if (unknown.length > 0) setPending({ input, unknown });
    else persist(input);
  }

  return {
    form,
    builder,
    design,
    plainEdited,
    setPlainEdited,
    switchType,
    currentBody,
    save,
    pending,
    cancelPending: () => setPending(null),
    confirmPending: () => pending && persist(pending.input),
    saving: create.isPending || update.isPending,
  };
}
export type TemplateEditor = ReturnType<typeof useTemplateEditor>;
