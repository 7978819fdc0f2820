import { describe, expect, it } from 'vitest';
import { insertCustomer } from '../db/seed/factories';
import { readSettings, writeSetting } from '../settings/store';
import { setJobState } from '../../../tests/helpers/job-state';
import { messagesHarness, perth } from '../../../tests/helpers/messages-harness';
import { REVIEW_KIND, sendReviewRequests } from './review-requests';

const REVIEW_URL = 'https://g.page/r/mobile-tyre-review';

describe('the review request after a paid job', () => {
  const { h, instance, newJob, emailsOf, textsOf } = messagesHarness();
  const reviews = async (jobId: string) =>
    [...(await emailsOf(jobId)), ...(await textsOf(jobId))].filter((m) => m.kind === REVIEW_KIND);
  const setReviewUrl = async (reviewUrl: string) => {
    const { business } = await readSettings(h.t.db, h.t.config);
    await writeSetting(h.t.db, 'business', { ...business, reviewUrl }, null, h.t.clock.now());
  };
  const paidJob = async (customerId: string, paidAt: string, slotPlace: number) => {
    const job = await newJob({
      customerId,
      scheduledDay: '2026-11-20',
      timeSlot: '10-12 AM',
      slotPlace,
      contactPhone: '0411 222 333',
    });
    await setJobState(h.t.db, job.id, { status: 'paid', paymentStatus: 'paid', paidAt: new Date(paidAt) });
    return job;
  };

  it('sends none while the business profile has no review link', async () => {
    await setReviewUrl('');
    const customer = await insertCustomer(h.t.db);
    const job = await paidJob(customer.id, perth('2026-11-23', '09:00'), 1);
    h.t.clock.set(perth('2026-11-23', '12:00'));
    expect(await sendReviewRequests(instance())).toBe(0);
    expect(await reviews(job.id)).toEqual([]);
  });

  it('thanks the customer two hours after payment with the review link, and asks a customer once in six months', async () => {
    await setReviewUrl(REVIEW_URL);
    const customer = await insertCustomer(h.t.db, { name: 'Robin Reviewer' });
    const first = await paidJob(customer.id, perth('2026-11-23', '09:00'), 2);
    h.t.clock.set(perth('2026-11-23', '10:59'));
    await sendReviewRequests(instance());
    expect(await reviews(first.id)).toEqual([]);

    h.t.clock.set(perth('2026-11-23', '11:00'));
    await Promise.all([sendReviewRequests(instance()), sendReviewRequests(instance())]);
    const sent = await reviews(first.id);
    expect(sent).toHaveLength(2);
    const email = (await emailsOf(first.id)).find((e) => e.kind === REVIEW_KIND)!;
    expect(email.text).toContain(REVIEW_URL);
    expect(email.subject).toBe('Thank you from Mobile Tyre & Battery Co.');
    // "Book again" (decision 412): a link of this job's own that fills the wizard with its details.
    const again = /\/book\?again=([A-Za-z0-9_-]{32})/.exec(email.text)?.[1];
    expect(again, email.text).toBeDefined();
    const filled = await h.t.app.inject({ method: 'GET', url: `/api/manage/${again}/book-again` });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().customer.email).toBe(email.to);
    expect((await textsOf(first.id)).find((e) => e.kind === REVIEW_KIND)!.body).toContain(REVIEW_URL);

    // A second job of the same customer, paid a month later: no second request within six months.
    const second = await paidJob(customer.id, perth('2026-12-23', '09:00'), 3);
    h.t.clock.set(perth('2026-12-23', '12:00'));
    await sendReviewRequests(instance());
    expect(await reviews(second.id)).toEqual([]);

    // Six months after the first request, the customer may be asked again.
    const third = await paidJob(customer.id, perth('2027-05-24', '09:00'), 4);
    h.t.clock.set(perth('2027-05-24', '12:00'));
    await sendReviewRequests(instance());
    expect(await reviews(third.id)).toHaveLength(2);
  });
});
