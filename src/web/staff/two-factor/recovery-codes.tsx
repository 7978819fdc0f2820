import { Copy, Download } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';

/** The ten recovery codes, shown this once: copy or download them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Two-factor sign-in recovery codes. Each works once.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'The recovery codes are on the clipboard.' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the codes and copy them, or download them.',
        variant: 'destructive',
      });
    }
  };
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div className="mt-4 space-y-4">
      <p role="status" className="font-semibold text-green-900">
        Two-factor sign-in is on.
      </p>
      <div>
        <h3 className="text-base font-bold">Your recovery codes</h3>
        <p className="text-gray-700">
          Keep them somewhere safe, away from your phone. Each one signs you in once without the app. They are shown
          only now.
        </p>
      </div>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-gray-50 p-3 font-mono text-base">
        {codes.map((code) => (
          <li key={code} className="select-all break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden className="h-4 w-4" />
          Copy codes
        </Button>
        <a
          href={href}
          download="recovery-codes.txt"
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 font-semibold text-charcoal hover:bg-gray-50"
        >
          <Download aria-hidden className="h-4 w-4" />
          Download codes
        </a>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </div>
  );
}
