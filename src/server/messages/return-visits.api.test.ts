import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../db/schema';
import { insertCustomer } from '../db/seed/factories';
import { messagesHarness, perth } from '../../../tests/helpers/messages-harness';
import { RETURN_VISIT_KIND, sendReturnVisitReminders } from './return-visits';
import { unsubscribeHeaders } from './unsubscribe-headers';

const TODAY = '2026-11-23';

describe('return-visit reminders (opt-in)', () => {
  const { h, instance, newJob, emailsOf, textsOf } = messagesHarness();
  const returnVisits = async (jobId: string) => ({
    emails: (await emailsOf(jobId)).filter((m) => m.kind === RETURN_VISIT_KIND),
    texts: (await textsOf(jobId)).filter((m) => m.kind === RETURN_VISIT_KIND),
  });
  let place = 0;
  const doneJob = (
    customerId: string,
    serviceType: 'new-tyres' | 'battery-service',
    scheduledDay: string,
    returnVisitOptIn: boolean,
  ) =>
    newJob({
      customerId,
      serviceType,
      scheduledDay,
      timeSlot: '8-10 AM',
      slotPlace: (place++ % 20) + 1,
      status: 'completed',
      returnVisitOptIn,
      contactPhone: '0433 444 555',
    });

  it('tyres 6 months after fitting, a battery after 12, only with the opt-in; each names the business and carries its one-click unsubscribe', async () => {
    const customer = await insertCustomer(h.t.db, { name: 'Alex Opted' });
    const tyres = await doneJob(customer.id, 'new-tyres', '2026-05-23', true);
    const tyresNoOptIn = await doneJob(customer.id, 'new-tyres', '2026-05-23', false);
    const batteryAt6Months = await doneJob(customer.id, 'battery-service', '2026-05-23', true);
    const battery = await doneJob(customer.id, 'battery-service', '2025-11-23', true);
    const tyresNotYet = await doneJob(customer.id, 'new-tyres', '2026-05-24', true);

    h.t.clock.set(perth(TODAY, '07:30'));
    expect(await sendReturnVisitReminders(instance())).toBe(0);
    h.t.clock.set(perth(TODAY, '09:00'));
    expect(await sendReturnVisitReminders(instance())).toBe(2);
    expect(await sendReturnVisitReminders(instance())).toBe(0);

    for (const job of [tyresNoOptIn, batteryAt6Months, tyresNotYet])
      expect(await returnVisits(job.id)).toEqual({ emails: [], texts: [] });
    const [row] = await h.t.db
      .select({ token: customers.unsubscribeToken })
      .from(customers)
      .where(eq(customers.id, customer.id));
    const unsubscribeUrl = `${h.t.config.publicBaseUrl}/unsubscribe/${row!.token}`;
    const tyreMessages = await returnVisits(tyres.id);
    expect(tyreMessages.emails[0]!.text).toContain('rotation and pressure check');
    expect(tyreMessages.emails[0]!.text).toContain(unsubscribeUrl);
    expect(tyreMessages.emails[0]!.text).toContain('Mobile Tyre & Battery Co.');
    expect(tyreMessages.texts[0]!.body).toContain(unsubscribeUrl);
    expect(tyreMessages.texts[0]!.body).toMatch(/^Mobile Tyre & Battery Co\. \(/);
    expect((await returnVisits(battery.id)).emails[0]!.text).toContain('battery check');
    // "Book again" (decision 412): the email and the text carry one link of this job's own that fills the wizard.
    const again = /\/book\?again=([A-Za-z0-9_-]{32})/.exec(tyreMessages.emails[0]!.text)?.[1];
    expect(again, tyreMessages.emails[0]!.text).toBeDefined();
    expect(tyreMessages.texts[0]!.body).toContain(`/book?again=${again}`);
    const filled = await h.t.app.inject({ method: 'GET', url: `/api/manage/${again}/book-again` });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().customer.phone).toBe('0433 444 555');
    // A mail program's own Unsubscribe button (RFC 8058) posts to the same link.
    expect(unsubscribeHeaders(tyreMessages.emails[0]!)).toEqual({
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('the unsubscribe link shows a one-click confirmation, works at once, and no reminder goes after it', async () => {
    const customer = await insertCustomer(h.t.db, { name: 'Jo Leaving' });
    const first = await doneJob(customer.id, 'new-tyres', '2026-05-22', true);
    h.t.clock.set(perth(TODAY, '09:00'));
    await sendReturnVisitReminders(instance());
    const link = /\/unsubscribe\/[A-Za-z0-9_-]+/.exec((await returnVisits(first.id)).emails[0]!.text)![0];

    const confirm = await h.t.app.inject({ method: 'GET', url: link });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Stop return-visit reminders?');
    expect(confirm.body).toContain(`<form method="post" action="${link}">`);
    // RFC 8058: the mail program posts "List-Unsubscribe=One-Click", without the site's Origin.
    const done = await h.t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect((await h.t.app.inject({ method: 'POST', url: link })).statusCode).toBe(200);

    // Another job of the customer falls due: nothing goes.
    const second = await doneJob(customer.id, 'battery-service', '2025-11-22', true);
    await sendReturnVisitReminders(instance());
    expect(await returnVisits(second.id)).toEqual({ emails: [], texts: [] });
    expect((await h.t.app.inject({ method: 'GET', url: link })).body).toContain('You are unsubscribed');
  });

  it('takes back a reminder not yet sent when the customer unsubscribes, and answers a made-up link with 404', async () => {
    const customer = await insertCustomer(h.t.db, { name: 'Lee Quick' });
    const job = await doneJob(customer.id, 'new-tyres', '2026-05-21', true);
    h.t.clock.set(perth(TODAY, '09:00'));
    await sendReturnVisitReminders(instance());
    const link = /\/unsubscribe\/[A-Za-z0-9_-]+/.exec((await returnVisits(job.id)).emails[0]!.text)![0];
    expect((await h.t.app.inject({ method: 'POST', url: link })).statusCode).toBe(200);
    const after = await returnVisits(job.id);
    expect([...after.emails, ...after.texts].map((m) => m.status)).toEqual(['failed', 'failed']);
    expect(after.emails[0]!.lastError).toBe('Not sent: the customer unsubscribed');

    expect((await h.t.app.inject({ method: 'GET', url: '/unsubscribe/not-a-real-token-at-all-0000' })).statusCode).toBe(
      404,
    );
    expect(
      (await h.t.app.inject({ method: 'POST', url: '/unsubscribe/not-a-real-token-at-all-0000' })).statusCode,
    ).toBe(404);
  });
});
