import { zodResolver } from '@hookform/resolvers/zod';
import {
  AI_DEFAULT_LANGUAGE,
  AI_DEFAULT_TONE,
  AI_WORD_COUNT,
  type AiGenerateInput,
  type AiGenerateResult,
  aiGenerateSchema,
} from '@prospector/contracts';
import { useMutation } from '@tanstack/react-query';
import { SparklesIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiJson, serverMessage } from '@/lib/api';
import { AiGeneratorFields } from './ai-generator-fields';
import { AiWriterNotice } from './ai-writer-notice';
import { useAiWriterInfo } from './template-queries';

type FormInput = z.input<typeof aiGenerateSchema>;

/** The AI generator (spec sections 5 and 8): on success the template becomes html with this body. */
export function AiGeneratorDialog({
  open,
  onOpenChange,
  initialSubject,
  onGenerated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialSubject: string;
  onGenerated: (result: { htmlBody: string; subject: string }) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Generate Email with AI</DialogTitle>
          <DialogDescription>
            Describe what the email should say; the writer drafts the HTML body.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <AiGeneratorForm
            initialSubject={initialSubject}
            onCancel={() => onOpenChange(false)}
            onGenerated={(result) => {
              onGenerated(result);
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AiGeneratorForm({
  initialSubject,
  onCancel,
  onGenerated,
}: {
  initialSubject: string;
  onCancel: () => void;
  onGenerated: (result: { htmlBody: string; subject: string }) => void;
}) {
  const writer = useAiWriterInfo();
  const form = useForm<FormInput, unknown, AiGenerateInput>({
    resolver: zodResolver(aiGenerateSchema),
    defaultValues: {
      subject: initialSubject,
      language: AI_DEFAULT_LANGUAGE,
      tone: AI_DEFAULT_TONE,
      wordCount: AI_WORD_COUNT.default,
      outline: '',
    },
  });
  const generate = useMutation({
    mutationFn: (input: AiGenerateInput) =>
      apiJson<AiGenerateResult>('POST', '/api/templates/ai-generate', input),
    onSuccess: (result, input) => {
      toast({ title: 'Email content generated successfully' });
      onGenerated({ htmlBody: result.htmlBody, subject: input.subject });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'Failed to generate email content. Please try again.'),
        variant: 'destructive',
      }),
  });
  const subject = form.watch('subject');
  const off = writer.data?.mode === 'off';

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((input) => generate.mutate(input))}>
        <AiWriterNotice info={writer.data} />
        <AiGeneratorFields form={form} />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!String(subject ?? '').trim() || generate.isPending || off}>
            {generate.isPending ? <Spinner /> : <SparklesIcon aria-hidden />}
            {generate.isPending ? 'Generating...' : 'Generate'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
