import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { manageRefusal } from './manage-refusal';

describe('the manage page when the booking cannot be shown', () => {
  it('tells a connection with too many wrong links to wait, not that the booking is missing', () => {
    const wait =
      'Too many wrong booking links from this connection. Please check the link in your email, or try again in 42 seconds.';
    const refusal = manageRefusal(new ApiError(429, JSON.stringify({ message: wait }), 'Too Many Requests'));
    expect(refusal).toEqual({ heading: 'Too many tries', text: wait });
  });

  it('says Booking Not Found for an unknown link', () => {
    const refusal = manageRefusal(
      new ApiError(404, JSON.stringify({ message: 'This booking link is not valid.' }), 'Not Found'),
    );
    expect(refusal).toEqual({ heading: 'Booking Not Found', text: 'This booking link is not valid.' });
  });
});
