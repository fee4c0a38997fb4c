import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestApp, type TestApp } from '../../../test/support/harness';
import { startSmtpMailbox, type SmtpMailbox } from '../../../../scripts/testing/smtp-mailbox';

let mailbox: SmtpMailbox;
let app: TestApp;
let ipCounter = 0;
const freshIp = () => `10.8.0.${++ipCounter}`;

const sendCode = (email: string, language: string, ip = freshIp()) =>
  app.http.inject({
    url: `/api/login/send-login-code?email=${encodeURIComponent(email)}`,
    remoteAddress: ip,
    headers: { 'accept-language': language },
  });

beforeAll(async () => {
  mailbox = await startSmtpMailbox();
  app = await startTestApp({
    EMAIL_SENDER: 'smtp',
    SMTP_URL: mailbox.url,
    EMAIL_FROM: 'Drawspace <no-reply@draw.test>',
    COMPANY_NAME: 'Drawspace',
  });
});
afterAll(async () => {
  await app?.close();
  await mailbox?.close();
});

describe('login codes by mail, through a real SMTP server', () => {
  it('mails the code (signing in with the password in SMTP_URL) and it signs the person in', async () => {
    const seen = mailbox.mails.length;
    const ip = freshIp();
    const sent = await sendCode('Ada@Example.com', 'en-US', ip);
    expect(sent.json()).toMatchObject({ success: true, data: { resendAfter: 60 } });
    // A real sender never hands the code to the browser.
    expect(sent.json().data.devCode).toBeUndefined();

    const mail = await mailbox.nextMail(seen);
    expect(mail.from).toBe('no-reply@draw.test');
    expect(mail.to).toEqual(['ada@example.com']);
    const code = /^Your Drawspace sign-in code: (\d{6})$/.exec(mail.subject)?.[1];
    expect(code, mail.subject).toBeDefined();
    expect(mail.text).toContain(`Your Drawspace code is ${code}. It works for 5 minutes.`);
    expect(mail.text).toContain('If you did not ask for it, ignore this email');

    const login = await app.http.inject({
      method: 'POST',
      url: '/api/login/login',
      payload: { loginType: 'Captcha', account: 'ada@example.com', code },
      remoteAddress: ip,
    });
    expect(login.json()).toMatchObject({ success: true, data: { user: { email: 'ada@example.com' } } });
  });

  it('writes the mail in the language the person reads', async () => {
    const cases = [
      ['zh-CN', /^Drawspace 登录验证码：(\d{6})$/, '分钟内有效'],
      ['zh-TW', /^Drawspace 登入驗證碼：(\d{6})$/, '分鐘內有效'],
    ] as const;
    for (const [language, subject, body] of cases) {
      const seen = mailbox.mails.length;
      await sendCode(`reader.${language}@example.com`, language);
      const mail = await mailbox.nextMail(seen);
      const code = subject.exec(mail.subject)?.[1];
      expect(code, mail.subject).toBeDefined();
      expect(mail.text).toContain(code);
      expect(mail.text).toContain(body);
    }
  });

  it('says the mail could not be sent when the server refuses it, and lets the person ask again at once', async () => {
    mailbox.refuse(true);
    try {
      const refused = await sendCode('full@example.com', 'en-US');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        success: false,
        message: 'The email could not be sent. Please try again, or use a phone number.',
      });
    } finally {
      mailbox.refuse(false);
    }
    const seen = mailbox.mails.length;
    expect((await sendCode('full@example.com', 'en-US')).statusCode).toBe(200);
    expect((await mailbox.nextMail(seen)).to).toEqual(['full@example.com']);
  });
});

describe('email configuration', () => {
  it('stops the start naming what SMTP needs, never echoing the URL and its password', () => {
    expect(() => loadConfig({ EMAIL_SENDER: 'smtp' })).toThrow(
      /SMTP_URL is required when EMAIL_SENDER=smtp[\s\S]*EMAIL_FROM is required when EMAIL_SENDER=smtp/,
    );
    const wrongScheme = () =>
      loadConfig({ EMAIL_SENDER: 'smtp', SMTP_URL: 'http://u:secret@mail', EMAIL_FROM: 'a@b.co' });
    expect(wrongScheme).toThrow(/SMTP_URL must be smtp:\/\/user:pass@host:587/);
    expect(wrongScheme).not.toThrow(/secret/);
    expect(() => loadConfig({ EMAIL_SENDER: 'mailgun' })).toThrow(
      /EMAIL_SENDER must be one of console, smtp/,
    );
    expect(() =>
      loadConfig({ EMAIL_SENDER: 'smtp', SMTP_URL: 'smtps://u:p@mail:465', EMAIL_FROM: 'Drawspace' }),
    ).toThrow(/EMAIL_FROM must hold an email address/);
    expect(
      loadConfig({ EMAIL_SENDER: 'smtp', SMTP_URL: 'smtps://u:p@mail:465', EMAIL_FROM: 'D <a@b.co>' }),
    ).toMatchObject({ EMAIL_SENDER: 'smtp' });
    expect(loadConfig({}).EMAIL_SENDER).toBe('console');
  });
});
