import { describe, expect, it } from 'vitest';
import { cardLength, giftDetails, giftFormIssues, giftMessageRequest, giftMessages, giftRequestOf } from '../../domain/gift-message';
import { blankGiftForm } from '../../domain/gift-message';

describe('the gift card rules', () => {
  it('counts what a reader sees as one character (grapheme clusters), not code units', () => {
    expect(cardLength('abc')).toBe(3);
    expect(cardLength('👍🏽')).toBe(1);
    expect(cardLength('👨‍👩‍👧')).toBe(1);
    expect(cardLength('🇮🇳')).toBe(1);
    expect(cardLength('நன்றி')).toBe(3);
    expect(cardLength('e\u0301')).toBe(1);
  });

  it('takes 250 characters and refuses 251, emoji included', () => {
    expect(giftMessageRequest.safeParse({ message: 'a'.repeat(250) }).success).toBe(true);
    expect(giftMessageRequest.safeParse({ message: '👍🏽'.repeat(250) }).success).toBe(true);
    const over = giftMessageRequest.safeParse({ message: '👍🏽'.repeat(251) });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(giftMessages.messageMax);
  });

  it('takes letters of any script, digits, punctuation, ₹, line breaks and emoji; refuses control characters', () => {
    const ok = giftMessageRequest.safeParse({ message: 'जन्मदिन मुबारक! ₹500 for cake 🎂\r\nLove, அம்மா ❤️', occasion: 'Love & Romance' });
    expect(ok.success).toBe(true);
    expect(ok.data?.message).toBe('जन्मदिन मुबारक! ₹500 for cake 🎂\nLove, அம்மா ❤️');
    for (const bad of ['tab\there', 'bell\u0007', 'rtl\u202Eoverride', 'private\uE000use', 'del\u007F']) {
      expect(giftMessageRequest.safeParse({ message: bad }).error?.issues[0]?.message).toBe(giftMessages.messageChars);
    }
  });

  it('fills in what was left out, and refuses a card that says nothing', () => {
    expect(giftMessageRequest.parse({ occasion: 'Thank You' })).toEqual({ occasion: 'Thank You', message: '', senderName: '', hideSenderName: false });
    expect(giftMessageRequest.safeParse({ senderName: 'Asha' }).error?.issues[0]?.message).toBe(giftMessages.emptyCard);
    expect(giftMessageRequest.safeParse({ occasion: '', message: '  ' }).error?.issues[0]?.message).toBe(giftMessages.emptyCard);
  });

  it('reads the form: no card when empty, a complaint per field otherwise', () => {
    expect(giftRequestOf(blankGiftForm)).toBeNull();
    expect(giftFormIssues(blankGiftForm)).toEqual({});
    expect(giftFormIssues({ ...blankGiftForm, message: 'x'.repeat(251), senderName: 'a\nb' })).toEqual({
      message: giftMessages.messageMax,
      senderName: giftMessages.senderNameChars,
    });
    expect(giftFormIssues({ ...blankGiftForm, senderName: 'Asha' })).toEqual({ card: giftMessages.emptyCard });
  });

  it('shows the card as rows, saying when the name stays off the card', () => {
    expect(giftDetails(null)).toEqual([]);
    expect(giftDetails({ occasion: 'Birthday', message: 'Hi', senderName: 'Asha', hideSenderName: true })).toEqual([
      ['Occasion', 'Birthday'],
      ['Card message', 'Hi'],
      ['Card from', 'Asha (not shown on the card)'],
    ]);
    expect(giftDetails({ occasion: null, message: 'Hi', senderName: '', hideSenderName: false })).toEqual([
      ['Card message', 'Hi'],
      ['Card from', 'No name given'],
    ]);
  });
});
