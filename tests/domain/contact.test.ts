import { describe, expect, it } from 'vitest';
import { contactForm, contactMessages } from '../../domain/contact';
import { fieldErrors, typingFilters } from '../../domain/fields';

const valid = { fullName: 'Meera Raman', userEmail: 'meera@example.in', phoneNumber: '9876543210', message: 'Hello' };

describe('contact form rules', () => {
  it('accepts a complete, well-formed message', () => {
    expect(fieldErrors(contactForm, valid)).toEqual({});
  });

  it('names every missing field with the spec’s message', () => {
    expect(fieldErrors(contactForm, { fullName: '', userEmail: '', phoneNumber: '', message: '  ' })).toEqual({
      fullName: 'Full Name is required!',
      userEmail: 'Email Address is required!',
      phoneNumber: 'Phone Number is required!',
      message: 'Your message is required!',
    });
  });

  it('refuses a malformed e-mail and phone with the spec’s messages', () => {
    const errors = fieldErrors(contactForm, { ...valid, userEmail: 'meera@example', phoneNumber: '98765' });
    expect(errors.userEmail).toBe(contactMessages.emailFormat);
    expect(errors.phoneNumber).toBe('Invalid phone number format (10 digits required)!');
  });

  it('allows only letters and spaces in the full name', () => {
    expect(fieldErrors(contactForm, { ...valid, fullName: 'Meera <script>' }).fullName).toBeDefined();
  });

  it('filters typing the way the spec describes', () => {
    expect(typingFilters.digits('98a76-54 321099', 10)).toBe('9876543210');
    expect(typingFilters.lettersAndSpaces('Meera R4aman!', 50)).toBe('Meera Raman');
    expect(typingFilters.lettersSpacesAndDots('Dr. K. Rao_', 50)).toBe('Dr. K. Rao');
  });
});
