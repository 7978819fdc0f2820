import { describe, expect, it } from 'vitest';
import { smsOptOuts } from '../db/schema';
import { setJobState } from '../../../tests/helpers/job-state';
import { messagesHarness, perth } from '../../../tests/helpers/messages-harness';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { ON_MY_WAY_KIND } from './on-my-way';

const onMyWay = (jobId: string) => `/api/dashboard/jobs/${jobId}/on-my-way`;

describe('"on my way": Text the customer from the job dialog', () => {
  const { h, request, newJob, textsOf } = messagesHarness();
  let place = 0;
  const jobInProgress = async (over: Parameters<typeof newJob>[0] = {}) => {
    const job = await newJob({ scheduledDay: '2026-11-23', timeSlot: '10-12 AM', slotPlace: ++place, contactPhone: '0412 000 111', ...over });
    await setJobState(h.t.db, job.id, { status: 'in-progress', inProgressAt: h.t.clock.now() });
    return job;
  };

  it('the assigned technician texts at once "on the way, arriving about" now + 30 minutes, Perth; a second within 30 minutes is refused with when the first went', async () => {
    const tech = await signedInStaff(h.t, { role: 'technician' });
    const job = await jobInProgress({ assignedTechnicianId: tech.user.id });
    h.t.clock.set(perth('2026-11-23', '10:12'));
    const sent = await request('POST', onMyWay(job.id), undefined, tech.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ arrivesAbout: '10:42 am', body: 'Mobile Tyre & Battery Co.: your technician is on the way, arriving about 10:42 am.' });
    const texts = (await textsOf(job.id)).filter((s) => s.kind === ON_MY_WAY_KIND);
    expect(texts).toMatchObject([{ to: '+61412000111', status: 'pending', body: 'Mobile Tyre & Battery Co.: your technician is on the way, arriving about 10:42 am.' }]);
    // Not automated: due at once, not held for a send window.
    expect(texts[0]!.nextAttemptAt?.getTime()).toBe(h.t.clock.now().getTime());

    h.t.clock.set(perth('2026-11-23', '10:41'));
    const again = await request('POST', onMyWay(job.id), undefined, tech.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Already texted at 10:12 am' });
    expect((await textsOf(job.id)).filter((s) => s.kind === ON_MY_WAY_KIND)).toHaveLength(1);

    h.t.clock.set(perth('2026-11-23', '10:43'));
    expect((await request('POST', onMyWay(job.id), undefined, tech.cookie)).statusCode).toBe(200);
  });

  it('two taps at once send one text', async () => {
    const job = await jobInProgress();
    const answers = await Promise.all([request('POST', onMyWay(job.id)), request('POST', onMyWay(job.id))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await textsOf(job.id)).filter((s) => s.kind === ON_MY_WAY_KIND)).toHaveLength(1);
  });

  it('refuses another technician, a job not in progress, a landline and a number that replied STOP, sending nothing', async () => {
    const other = await signedInStaff(h.t, { role: 'technician' });
    const job = await jobInProgress();
    expect((await request('POST', onMyWay(job.id), undefined, other.cookie)).statusCode).toBe(403);

    const notStarted = await newJob({ scheduledDay: '2026-11-23', timeSlot: '12-2 PM' });
    const refused = await request('POST', onMyWay(notStarted.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Start the job');

    const landline = await jobInProgress({ contactPhone: '08 9123 4567' });
    const noMobile = await request('POST', onMyWay(landline.id));
    expect(noMobile.statusCode).toBe(409);
    expect(noMobile.json().message).toContain('not a mobile');

    await h.t.db.insert(smsOptOuts).values({ phone: '+61499888777' }).onConflictDoNothing();
    const stopped = await jobInProgress({ contactPhone: '0499 888 777' });
    const optedOut = await request('POST', onMyWay(stopped.id));
    expect(optedOut.statusCode).toBe(409);
    expect(optedOut.json().message).toContain('STOP');

    expect((await request('POST', onMyWay('not-a-job'))).statusCode).toBe(404);
    for (const j of [job, notStarted, landline, stopped]) expect(await textsOf(j.id)).toEqual([]);
  });
});
