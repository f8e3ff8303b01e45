import { FileUpIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { countOf } from '@/lib/plural';
import { INVALID_FILE_MESSAGE, INVALID_FILE_TITLE, isCsvFile } from './csv-file-type';
import { CsvPreview } from './csv-preview';
import { CustomColumns } from './custom-columns';
import { ImportProgress } from './import-progress';
import { ImportSummary } from './import-summary';
import { RejectedRows } from './rejected-rows';
import { SAVING_CUT_OFF, SAVING_CUT_OFF_TITLE } from './upload-csv-file';
import { useContactImport } from './use-contact-import';
import { useCsvFile } from './use-csv-file';

const HEADERS =
  'Email, First Name, Last Name, Name, Title, Organization, City, State, Country, LinkedIn URL, Headline, Apollo ID';

const STAGE_NOTES = {
  sending: undefined,
  saving: 'File sent: saving the contacts…',
} as const;

const importLabel = (n: number) => (n === 0 ? 'Import' : `Import ${countOf(n, 'Contact', 'Contacts')}`);

/** Spec section 4: choose a file, preview the first 5 rows, import with progress current/total, summary. */
export function ImportCsvDialog({
  personaId,
  open,
  onOpenChange,
}: {
  personaId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const csv = useCsvFile();
  const upload = useContactImport(personaId);
  const importing = upload.run.status === 'importing';
  // Only while the file is still going up: once the server has all of it, it may be saving the last rows.
  const stoppable = upload.run.status === 'importing' && upload.run.stage === 'sending';
  const [confirmingStop, setConfirmingStop] = useState(false);
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [updateExisting, setUpdateExisting] = useState(false);

  const close = () => {
    if (importing) return;
    onOpenChange(false);
    csv.reset();
    upload.reset();
  };

  function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isCsvFile(file)) {
      toast({ title: INVALID_FILE_TITLE, description: INVALID_FILE_MESSAGE, variant: 'destructive' });
      return;
    }
    upload.reset();
    setExcluded(new Set());
    setUpdateExisting(false);
    csv.read(file);
  }

  const { state } = csv;
  const parsed = state.status === 'ready' ? state.result : null;
  const importable = parsed?.importable ?? 0;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import Contacts from CSV</DialogTitle>
          <DialogDescription>
            Recognised headers: {HEADERS} (any case; common export names such as "Email Address" or "Company"
            too). Rows without a valid email address are skipped; emails you already have are added to this
            list, not imported twice.
          </DialogDescription>
        </DialogHeader>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-label="CSV file"
          data-testid="csv-file-input"
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {upload.run.status === 'unknown' ? (
          <p role="alert" className="rounded-md border border-destructive/40 p-4 text-sm">
            <span className="block font-medium">{SAVING_CUT_OFF_TITLE}</span>
            {SAVING_CUT_OFF}
          </p>
        ) : upload.run.status === 'done' ? (
          <ImportSummary
            fileName={state.status === 'ready' ? state.fileName : ''}
            parsed={parsed}
            result={upload.run.result}
          />
        ) : importing && upload.run.status === 'importing' ? (
          <ImportProgress
            label="Importing contacts"
            done={upload.run.done}
            total={upload.run.total}
            note={STAGE_NOTES[upload.run.stage]}
          />
        ) : state.status === 'reading' ? (
          <ImportProgress label={`Reading ${state.fileName}`} done={state.percent} total={100} />
        ) : state.status === 'ready' ? (
          <div className="grid min-w-0 gap-3">
            <p className="text-sm">
              <span className="font-medium">{state.fileName}</span>:{' '}
              {countOf(importable, 'contact', 'contacts')} to import.
            </p>
            <RejectedRows
              fileName={state.fileName}
              headers={state.result.headers}
              rejected={state.result.rejected}
            />
            {state.result.rowCount > 0 ? (
              <>
                <CsvPreview result={state.result} />
                <CustomColumns
                  columns={state.result.customColumns}
                  excluded={excluded}
                  onExcludedChange={setExcluded}
                  updateExisting={updateExisting}
                  onUpdateExistingChange={setUpdateExisting}
                />
              </>
            ) : (
              <p className="text-destructive text-sm">
                No rows with an email address were found in this file.
              </p>
            )}
          </div>
        ) : state.status === 'error' ? (
          <p className="text-destructive text-sm">
            {state.fileName}: {state.message}
          </p>
        ) : (
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-muted-foreground text-sm hover:bg-muted/40"
          >
            <FileUpIcon className="size-8" aria-hidden />
            Choose a CSV file
          </button>
        )}
        <DialogFooter>
          {upload.run.status === 'done' || upload.run.status === 'unknown' ? (
            <Button onClick={close}>Done</Button>
          ) : (
            <>
              {stoppable ? (
                <Button variant="outline" onClick={() => setConfirmingStop(true)}>
                  Stop Import
                </Button>
              ) : (
                <Button variant="outline" onClick={close} disabled={importing}>
                  Cancel
                </Button>
              )}
              {state.status !== 'idle' && (
                <Button variant="outline" onClick={() => input.current?.click()} disabled={importing}>
                  Choose Another File
                </Button>
              )}
              <Button
                onClick={() => {
                  if (state.status !== 'ready') return;
                  // A question left open when the file finished going up is not asked of the next import.
                  setConfirmingStop(false);
                  upload.start(state.file, state.result, {
                    updateExistingContacts: updateExisting,
                    excludedFields: excluded,
                  });
                }}
                disabled={importable === 0 || importing}
              >
                {importLabel(importable)}
              </Button>
            </>
          )}
        </DialogFooter>
        <ConfirmDialog
          open={confirmingStop && stoppable}
          onOpenChange={setConfirmingStop}
          title="Stop this import?"
          description="Nothing from this file will be saved. You can import it again later."
          cancelLabel="Keep Importing"
          confirmLabel="Stop Import"
          destructive
          onConfirm={() => {
            setConfirmingStop(false);
            upload.stop();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
