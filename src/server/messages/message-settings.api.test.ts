import { describe, expect, it } from 'vitest';
import { messagesHarness } from '../../../tests/helpers/messages-harness';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { REMINDER_TIME_MESSAGE, REVIEW_DELAY_MESSAGE } from '../../shared/schemas/customer-messages';

const URL = '/api/dashboard/settings/messages';
const DEFAULTS = {
  remindersOn: true,
  reminderTime: '16:00',
  reviewRequestsOn: true,
  reviewDelayHours: 2,
  returnVisitsOn: true,
};

describe('Settings, "Messages to customers"', () => {
  const { h, request } = messagesHarness();

  it('starts at 4 pm the day before and 2 hours after payment; a change is saved, in the history, and kept by a business profile save', async () => {
    expect((await request('GET', URL)).json()).toEqual(DEFAULTS);
    const saved = await request('PUT', URL, {
      ...DEFAULTS,
      reminderTime: '17:30',
      reviewDelayHours: '3',
      returnVisitsOn: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULTS, reminderTime: '17:30', reviewDelayHours: 3, returnVisitsOn: false });
    const history = (await request('GET', '/api/dashboard/settings/history?subject=messages')).json() as {
      field: string;
      from: string;
      to: string;
    }[];
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'Reminder time the day before', from: '16:00', to: '17:30' }),
        expect.objectContaining({ field: 'Hours after payment for the review request', from: '2', to: '3' }),
        expect.objectContaining({ field: 'Send return-visit reminders', from: 'Yes', to: 'No' }),
      ]),
    );
    expect(history).toHaveLength(3);

    const business = (await request('GET', '/api/dashboard/settings/business')).json() as Record<string, unknown>;
    expect(
      (
        await request('PUT', '/api/dashboard/settings/business', {
          ...business,
          abn: '51 824 753 556',
          phone: '08 9555 1234',
        })
      ).statusCode,
    ).toBe(200);
    expect((await request('GET', URL)).json()).toMatchObject({ reminderTime: '17:30', returnVisitsOn: false });
  });

  it("refuses a time outside 8 am-8 pm and a delay that is not 1 to 72 hours with the form's words, changing nothing", async () => {
    const before = (await request('GET', URL)).json();
    for (const [field, value, message] of [
      ['reminderTime', '21:00', REMINDER_TIME_MESSAGE],
      ['reminderTime', '7:59', REMINDER_TIME_MESSAGE],
      ['reminderTime', 'teatime', REMINDER_TIME_MESSAGE],
      ['reviewDelayHours', '0', REVIEW_DELAY_MESSAGE],
      ['reviewDelayHours', '2.5', REVIEW_DELAY_MESSAGE],
      ['reviewDelayHours', 73, REVIEW_DELAY_MESSAGE],
    ] as const) {
      const res = await request('PUT', URL, { ...DEFAULTS, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect((await request('PUT', URL, { ...DEFAULTS, remindersOn: 'yes' })).statusCode).toBe(400);
    expect((await request('GET', URL)).json()).toEqual(before);
  });

  it('is for admins only', async () => {
    const tech = await signedInStaff(h.t, { role: 'technician' });
    expect((await request('GET', URL, undefined, tech.cookie)).statusCode).toBe(403);
    expect((await request('PUT', URL, DEFAULTS, tech.cookie)).statusCode).toBe(403);
  });
});
