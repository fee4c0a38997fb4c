import { describe, expect, it } from 'vitest';
import Type from 'typebox';
import { api, BillingPatterns, QR_URL_MAX_LENGTH, route, HttpMethod, Access } from '@draw/shared/routes';
import { CODE_PARAM_PATTERN } from '../features/billing/codes';
import { ORDER_ID_PATTERN } from '../features/billing/orders';
import { PRODUCT_ID_PATTERN } from '../features/billing/products';
import { QR_URL_MAX_CHARS } from '../features/billing/qrcode';
import { SettingsLimits } from '../features/settings/options';
import { answerChecker } from './answers';

describe('the route table and the server agree', () => {
  it('on the patterns and limits the table copies from the server', () => {
    expect(BillingPatterns.orderId).toBe(ORDER_ID_PATTERN.source);
    expect(BillingPatterns.productId).toBe(PRODUCT_ID_PATTERN.source);
    expect(BillingPatterns.redeemCode).toBe(CODE_PARAM_PATTERN.source);
    expect(QR_URL_MAX_LENGTH).toBe(QR_URL_MAX_CHARS);
    expect((api.settings.suffix.body.properties.suffix as { maxLength?: number }).maxLength).toBe(
      SettingsLimits.suffixMaxChars * 4,
    );
  });
});

describe('the answer check of the tests', () => {
  const probe = route({
    method: HttpMethod.Get,
    path: '/api/probe',
    access: Access.SignedIn,
    tag: 'probe',
    answer: Type.Object({ id: Type.String(), meta: Type.Record(Type.String(), Type.Unknown()) }),
  });
  const check = answerChecker();

  it('passes an answer the table describes, open maps included', () => {
    expect(check(probe, { id: 'a', meta: { anything: 1 } })).toBeNull();
  });

  it('names a field the table does not declare, and a missing one', () => {
    expect(check(probe, { id: 'a', meta: {}, _id: 'leak' })).toMatch(
      /GET \/api\/probe .*additional properties/,
    );
    expect(check(probe, { meta: {} })).toMatch(/GET \/api\/probe/);
  });
});
