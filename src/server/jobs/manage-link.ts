import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema';
import { newManageToken } from '../manage/token';
import { sealSecret, type SecretsKeyring } from '../secrets/at-rest';
import { recordJobEvent } from './history';

// The jobs area writes the job row (decision 250); the manage-my-booking area asks it to
// (docs/decisions/358-customers-manage-their-own-booking.md).

type Job = typeof jobs.$inferSelect;

/**
 * A new manage token for the job, its hash stored in place of any earlier one: the link in the
 * message being sent now is the one that works. Returns the plain token for that message only.
 * Its sealed copy, when there is a key, lets the paid checkout page show the same link (decision 422).
 */
export async function issueManageToken(
  exec: Executor,
  jobId: string,
  secrets: SecretsKeyring | undefined,
): Promise<string> {
  const { token, hash } = newManageToken();
  const sealed = secrets ? sealSecret(secrets, token) : null;
  await exec.update(jobs).set({ manageTokenHash: hash, manageTokenSealed: sealed }).where(eq(jobs.id, jobId));
  return token;
}

/** The customer's own change of the contact phone or the notes for the technician, each with its history line. */
export async function changeContactByCustomer(
  tx: Executor,
  job: Job,
  change: { phone?: string; notes?: string | null },
  now: Date,
): Promise<void> {
  const phone = change.phone !== undefined && change.phone !== job.contactPhone ? change.phone : undefined;
  const notes = change.notes !== undefined && (change.notes || null) !== job.notes ? change.notes || null : undefined;
  if (phone === undefined && notes === undefined) return;
  await tx
    .update(jobs)
    .set({
      ...(phone !== undefined ? { contactPhone: phone } : {}),
      ...(notes !== undefined ? { notes } : {}),
      updatedAt: now,
    })
    .where(eq(jobs.id, job.id));
  if (phone !== undefined)
    await recordJobEvent(tx, {
      jobId: job.id,
      at: now,
      actorId: null,
      kind: 'note',
      from: job.contactPhone,
      to: phone,
      note: 'Customer: changed the contact phone',
    });
  if (notes !== undefined)
    await recordJobEvent(tx, {
      jobId: job.id,
      at: now,
      actorId: null,
      kind: 'note',
      from: job.notes,
      to: notes,
      note: 'Customer: changed the notes for the technician',
    });
}
