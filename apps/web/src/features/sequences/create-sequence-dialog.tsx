import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
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
import { SequenceFields } from './sequence-fields';
import {
  EMPTY_SEQUENCE_FORM,
  type SequenceFormInput,
  type SequenceFormOutput,
  sequenceFormSchema,
} from './sequence-form';
import { useCreateSequence } from './sequence-queries';

/** Create Sequence: a draft with the sequence's settings, then its page to add steps. */
export function CreateSequenceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const form = useForm<SequenceFormInput, unknown, SequenceFormOutput>({
    resolver: zodResolver(sequenceFormSchema),
    defaultValues: EMPTY_SEQUENCE_FORM,
  });
  const create = useCreateSequence((sequence) => {
    onOpenChange(false);
    navigate(`/sequences/${sequence.id}`);
  });
  useEffect(() => {
    if (open) form.reset(EMPTY_SEQUENCE_FORM);
  }, [open, form]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create Sequence</DialogTitle>
          <DialogDescription>
            Name the sequence and choose when it sends. You add its steps on the next screen.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) => create.mutate({ ...values, status: 'draft' }))}
          >
            <SequenceFields control={form.control} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && <Spinner />}
                Create Sequence
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
