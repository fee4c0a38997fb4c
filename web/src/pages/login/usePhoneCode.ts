import type { CountryCode } from 'libphonenumber-js';
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { CodeFieldsProps } from './CodeFields';
import { DEFAULT_COUNTRY, phoneForServer } from './phone';
import { useSendCode } from './useSendCode';
import { validateEmail, validatePhone, type LoginFieldError } from './validation';

type CodeErrors = {
  phone?: LoginFieldError | null;
  email?: LoginFieldError | null;
  code?: LoginFieldError | null;
};

/** Where the code goes: a text to a phone, or a mail. */
export const CodeChannel = { Phone: 'phone', Email: 'email' } as const;
export type CodeChannel = (typeof CodeChannel)[keyof typeof CodeChannel];

/**
 * Phone (or email) + code state shared by the code login and the reset-password form: the
 * values, the send button's countdown and dev code, and the props `CodeFields` takes.
 */
export function usePhoneCode<E extends CodeErrors>(setErrors: Dispatch<SetStateAction<E>>) {
  const [channel, setChannel] = useState<CodeChannel>(CodeChannel.Phone);
  const [country, setCountry] = useState<CountryCode>(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const sendCode = useSendCode();
  const byEmail = channel === CodeChannel.Email;

  /** The account the code goes to, as the server is sent it (valid once `validateAddress` passed). */
  const account = byEmail ? email.trim() : (phoneForServer(country, phone) ?? phone.trim());

  /** Checks the phone or email in use; its error, set on the form. */
  function validateAddress(): Partial<CodeErrors> {
    return byEmail ? { email: validateEmail(email) } : { phone: validatePhone(phone, country) };
  }

  async function onSendCode() {
    const found = validateAddress();
    setErrors((current) => ({ ...current, ...found }));
    if (Object.values(found).some(Boolean)) return;
    await sendCode.send(byEmail ? { email: account } : { phone: account });
  }

  const fieldProps = (
    errors: E,
    clearError: (field: 'phone' | 'email' | 'code') => void,
  ): Omit<CodeFieldsProps, 'idPrefix' | 'hint'> => ({
    channel,
    country,
    phone,
    email,
    code,
    onCountryChange: (value) => {
      setCountry(value);
      clearError('phone');
    },
    onPhoneChange: (value) => {
      setPhone(value);
      clearError('phone');
    },
    onEmailChange: (value) => {
      setEmail(value);
      clearError('email');
    },
    onCodeChange: (value) => {
      setCode(value);
      clearError('code');
    },
    errors,
    onSendCode: () => void onSendCode(),
    sending: sendCode.sending,
    secondsLeft: sendCode.secondsLeft,
    devCode: sendCode.devCode,
  });

  return { channel, setChannel, account, phone, code, validateAddress, fieldProps };
}
