import { useState, type Dispatch, type SetStateAction } from 'react';
import type { CodeFieldsProps } from './CodeFields';
import { useSendCode } from './useSendCode';
import { validatePhone, type LoginFieldError } from './validation';

type PhoneCodeErrors = { phone?: LoginFieldError | null; code?: LoginFieldError | null };

/**
 * Phone + code state shared by 验证码登录 and the reset-password form: the values, the send
 * button's countdown and dev code, and the props `CodeFields` takes.
 */
export function usePhoneCode<E extends PhoneCodeErrors>(setErrors: Dispatch<SetStateAction<E>>) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const sendCode = useSendCode();

  async function onSendCode() {
    const phoneError = validatePhone(phone);
    setErrors((current) => ({ ...current, phone: phoneError }));
    if (!phoneError) await sendCode.send(phone);
  }

  const fieldProps = (
    errors: E,
    clearError: (field: 'phone' | 'code') => void,
  ): Omit<CodeFieldsProps, 'idPrefix' | 'hint'> => ({
    phone,
    code,
    onPhoneChange: (value) => {
      setPhone(value);
      clearError('phone');
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

  return { phone, code, fieldProps };
}
