import { WORKFLOW_VALIDATION_TITLE } from '@prospector/contracts';
import { toast } from '@/components/ui/use-toast';

/** Spec section 5: form problems are toasts titled 'Validation Error'. */
export function validationToast(message: string) {
  toast({ title: WORKFLOW_VALIDATION_TITLE, description: message, variant: 'destructive' });
}
