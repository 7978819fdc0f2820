import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from '../../shared/domain/business-placeholders';
import { findSuburbByName, SERVICE_AREA } from '../../shared/reference/service-area';
import { contentChange } from './content-change';
import { buildLandingPage } from './landing-content';
import { fillsTemplate, landingBusinessOf, storedForm } from './stored-copies';

const profile = {
  name: 'Mobile Tyre & Battery Co.',
  phone: '08 5550 1234',
  businessDays: [1, 2, 3, 4, 5],
  prepaidDiscount: 3000,
};

describe('pages written before placeholders', () => {
  const mandurah = findSuburbByName('Mandurah')!;
  const template = buildLandingPage(mandurah, SERVICE_AREA, landingBusinessOf(profile));
  // A page generated when the environment had another phone, which neither the settings nor the environment now know.
  const oldPage = {
    metaTitle: fillPlaceholders(template.metaTitle, { ...profile, phone: '0411 222 333' }),
    metaDescription: fillPlaceholders(template.metaDescription, profile),
    content: fillPlaceholders(template.content, { ...profile, phone: '0411 222 333' }),
  };

  it('recognises a generated page whatever phone it was generated with, and stores it with placeholders', () => {
    expect(oldPage.content).toContain('0411 222 333');
    expect(fillsTemplate(oldPage.content, template.content)).toBe(true);
    const stored = storedForm('Mandurah', oldPage, profile, [profile]);
    expect(stored).toEqual({
      metaTitle: template.metaTitle,
      metaDescription: template.metaDescription,
      content: template.content,
    });
    expect(storedForm('Mandurah', stored, profile, [profile])).toEqual(stored);
  });

  it('replaces only known copies in a page the owner wrote by hand', () => {
    const written = {
      metaTitle: 'Tyres in Mandurah',
      metaDescription: 'Call 08 5550 1234 today.',
      content: 'Mobile Tyre & Battery Co. is here. Call 0411 222 333.',
    };
    expect(fillsTemplate(written.content, template.content)).toBe(false);
    expect(storedForm('Mandurah', written, profile, [profile])).toEqual({
      metaTitle: 'Tyres in Mandurah',
      metaDescription: 'Call {phone} today.',
      content: '{business} is here. Call 0411 222 333.',
    });
  });
});

describe('a content edit in the history', () => {
  it('shows the passage that changed, not the whole page', () => {
    const before = `${'Opening words. '.repeat(20)}Call us on the old number today.${' Closing words.'.repeat(20)}`;
    const after = `${'Opening words. '.repeat(20)}Call {phone} today.${' Closing words.'.repeat(20)}`;
    const change = contentChange(before, after);
    expect(change.from).toContain('us on the old number');
    expect(change.to).toContain('{phone}');
    expect(change.from.length).toBeLessThan(200);
    expect(change.to).not.toContain('Closing words. Closing words. Closing');
  });
});
