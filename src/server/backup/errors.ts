/**
 * A backup or restore that cannot go on, with a sentence for the operator (printed without a stack
 * trace; the scripts exit non-zero). Everything else is a bug and keeps its stack.
 */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}
