import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { IMPORT_LIMITS, IMPORT_TOO_LARGE, type ImportResult } from '../../../shared/schemas/tyre-prices';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { api, ApiError, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { ImportReport } from './import-report';

type Options = { skipRefused: boolean; deactivateMissing: boolean };

const upload = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

/** A refused apply answers 400 with the same report (decision 282): show it rather than only the message. */
const reportOf = (err: unknown): ImportResult | null => {
  const json = err instanceof ApiError ? err.json : undefined;
  return json && 'summary' in json ? (json as unknown as ImportResult) : null;
};

/**
 * The supplier CSV import (decision 282): choose a file, see the dry run (added, changed old -> new,
 * unchanged, every refused line with its number), then Apply, optionally skipping refused lines and
 * deactivating the rows of the file's brands it does not list.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Import a supplier CSV"
      description="Columns: size, brand, model, purchase price, retail price, and optionally stock, with a header row."
    >
      {open ? <ImportForm onClose={onClose} /> : null}
    </Dialog>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<Options>({ skipRefused: false, deactivateMissing: false });
  const [report, setReport] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = useMutation({
    mutationFn: ({ file, deactivateMissing }: { file: File; deactivateMissing: boolean }) =>
      api.tyrePrices.importFile({ query: { dryRun: true, deactivateMissing }, body: upload(file) }),
    onMutate: () => setProblem(null),
    onSuccess: (result) => setReport(result),
    onError: (err) => {
      setReport(null);
      setProblem(errorMessage(err, 'The file could not be checked.'));
    },
  });
  const apply = useApiMutation(api.tyrePrices.importFile, {
    input: ({ file, options }: { file: File; options: Options }) => ({
      query: { dryRun: false, ...options },
      body: upload(file),
    }),
    onSuccess: (result: ImportResult) => {
      const s = result.summary;
      toast({
        title: 'Import applied',
        description: `${s.added} added, ${s.changed} changed, ${s.unchanged} unchanged, ${s.refused} refused.`,
      });
      onClose();
    },
    onError: (err) => {
      const refused = reportOf(err);
      if (refused) setReport(refused);
      toast({ title: 'Error', description: errorMessage(err, 'The import failed.'), variant: 'destructive' });
    },
  });

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
    setProblem(null);
    if (!chosen) return;
    // Refused here as the server would (413), before a 2 MB upload is sent for nothing.
    if (chosen.size > IMPORT_LIMITS.maxBytes) return setProblem(IMPORT_TOO_LARGE);
    check.mutate({ file: chosen, deactivateMissing: options.deactivateMissing });
  };
  const setOption = (key: keyof Options, value: boolean) => {
    const next = { ...options, [key]: value };
    setOptions(next);
    // The dry run shows which rows "deactivate missing" would take off sale.
    if (key === 'deactivateMissing' && file && report) check.mutate({ file, deactivateMissing: value });
  };
  const blocked = !!report && report.summary.refused > 0 && !options.skipRefused;
  const nothingToDo = !!report && report.changes.length === 0;

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <label htmlFor={fileId} className="block text-sm font-medium text-charcoal">
          Supplier CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          className="block min-h-11 w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-charcoal file:px-4 file:font-semibold file:text-white"
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
      </div>
      {check.isPending ? (
        <p role="status" className="text-gray-700">
          Checking the file...
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      {report ? <ImportReport report={report} /> : null}
      {report ? (
        <fieldset className="space-y-2">
          <legend className="sr-only">Import options</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={options.skipRefused}
              onChange={(e) => setOption('skipRefused', e.target.checked)}
            />
            Skip refused lines (import the other lines)
          </label>
          {report.brands.length ? (
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={options.deactivateMissing}
                disabled={check.isPending}
                onChange={(e) => setOption('deactivateMissing', e.target.checked)}
              />
              Deactivate rows missing from this file for {report.brands.join(', ')}
            </label>
          ) : null}
        </fieldset>
      ) : null}
      {blocked ? (
        <p className="text-sm text-gray-700">
          Some lines were refused: correct the file and choose it again, or tick "Skip refused lines".
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={apply.isPending}>
          Cancel
        </Button>
        <Button
          disabled={!file || !report || blocked || nothingToDo || check.isPending || apply.isPending}
          onClick={() => file && apply.mutate({ file, options })}
        >
          {apply.isPending ? 'Applying...' : 'Apply import'}
        </Button>
      </div>
    </div>
  );
}
