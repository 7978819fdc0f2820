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
    const job = await newJob({
      scheduledDay: '2026-11-23',
      timeSlot: '10-12 AM',
      slotPlace: ++place,
      contactPhone: '0412 000 111',
      ...over,
    });
    await setJobState(h.t.db, job.id, { status: 'in-progress', inProgressAt: h.t.clock.now() });
    return job;
  };

  it('the assigned technician texts at once "on the way, arriving about" now + 30 minutes, Perth; a second within 30 minutes is refused with when the first went', async () => {
    // 8:12 pm: outside the hours of automated messages, yet this one goes at once.
    h.t.clock.set(perth('2026-11-23', '20:12'));
    const tech = await signedInStaff(h.t, { role: 'technician' });
    const job = await jobInProgress({ assignedTechnicianId: tech.user.id });
    const sent = await request('POST', onMyWay(job.id), undefined, tech.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    const words = 'Mobile Tyre & Battery Co.: your technician is on the way, arriving about 8:42 pm.';
    expect(sent.json()).toMatchObject({ arrivesAbout: '8:42 pm', body: words });
    await expect.poll(async () => (await textsOf(job.id)).map((s) => s.status)).toEqual(['stored']);
    expect(await textsOf(job.id)).toMatchObject([{ kind: ON_MY_WAY_KIND, to: '+61412000111', body: words }]);

    h.t.clock.set(perth('2026-11-23', '20:41'));
    const again = await request('POST', onMyWay(job.id), undefined, tech.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Already texted at 8:12 pm' });
    expect(await textsOf(job.id)).toHaveLength(1);

    h.t.clock.set(perth('2026-11-23', '20:43'));
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
