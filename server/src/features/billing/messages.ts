import type { Catalogue } from '../../i18n/catalogue';

/** Messages of plans, payments, credits and redeem codes (spread into `messages`). */
export const billingMessages = {
  'billing.insufficientCredits': {
    'zh-CN': '积分不足：本次需要 {cost} 积分，当前余额 {balance} 积分。请在「订阅」中购买套餐或使用兑换码。',
    'en-US':
      'Not enough credits: this needs {cost} and you have {balance}. Get more under “Subscribe” (a plan or a redeem code).',
    'zh-TW': '積分不足：本次需要 {cost} 積分，目前餘額 {balance} 積分。請在「訂閱」中購買方案或使用兌換碼。',
  },
  'billing.busy': {
    'zh-CN': '积分账户正忙，请稍后重试',
    'en-US': 'Your credits are busy right now. Please try again.',
    'zh-TW': '積分帳戶忙碌中，請稍後重試',
  },
  'billing.productUnknown': {
    'zh-CN': '该套餐不存在或已下架',
    'en-US': 'That plan does not exist or is no longer sold',
    'zh-TW': '該方案不存在或已下架',
  },
  'billing.orderNotFound': {
    'zh-CN': '订单不存在',
    'en-US': 'No such order',
    'zh-TW': '訂單不存在',
  },
  'billing.orderPaid': {
    'zh-CN': '该订单已支付',
    'en-US': 'This order is already paid',
    'zh-TW': '該訂單已支付',
  },
  'billing.orderExpired': {
    'zh-CN': '该订单已过期，请重新下单',
    'en-US': 'This order has expired. Please place a new one.',
    'zh-TW': '該訂單已過期，請重新下單',
  },
  'billing.orderCancelled': {
    'zh-CN': '该订单已取消',
    'en-US': 'This order was cancelled',
    'zh-TW': '該訂單已取消',
  },
  'billing.tooManyOpenOrders': {
    'zh-CN': '未支付的订单过多（最多 {max} 个），请先支付或取消已有订单',
    'en-US': 'Too many unpaid orders (at most {max}). Pay or cancel one first.',
    'zh-TW': '未支付的訂單過多（最多 {max} 個），請先支付或取消已有訂單',
  },
  'billing.paymentUnavailable': {
    'zh-CN': '支付服务暂时不可用，请稍后重试',
    'en-US': 'The payment service is unavailable right now. Please try again later.',
    'zh-TW': '支付服務暫時無法使用，請稍後重試',
  },
  'billing.qrcodeRefused': {
    'zh-CN': '只能为本站的支付链接生成二维码',
    'en-US': 'QR codes are only made for this site’s payment links',
    'zh-TW': '只能為本站的支付連結產生 QR 碼',
  },
  'billing.sandboxDisabled': {
    'zh-CN': '沙箱支付未启用',
    'en-US': 'Sandbox payments are not enabled',
    'zh-TW': '沙箱支付未啟用',
  },
  'billing.sandboxBadLink': {
    'zh-CN': '支付链接无效',
    'en-US': 'This payment link is not valid',
    'zh-TW': '支付連結無效',
  },
  'billing.codeUnknown': {
    'zh-CN': '兑换码不存在，请检查后重新输入',
    'en-US': 'Unknown redeem code. Check it and try again.',
    'zh-TW': '兌換碼不存在，請檢查後重新輸入',
  },
  'billing.codeExpired': {
    'zh-CN': '兑换码已过期',
    'en-US': 'This redeem code has expired',
    'zh-TW': '兌換碼已過期',
  },
  'billing.codeRevoked': {
    'zh-CN': '兑换码已作废',
    'en-US': 'This redeem code has been revoked',
    'zh-TW': '兌換碼已作廢',
  },
  'billing.codeUsed': {
    'zh-CN': '兑换码已被使用',
    'en-US': 'This redeem code has already been used',
    'zh-TW': '兌換碼已被使用',
  },
  'billing.codeAlreadyRedeemed': {
    'zh-CN': '你已经使用过这个兑换码',
    'en-US': 'You have already redeemed this code',
    'zh-TW': '你已經使用過這個兌換碼',
  },
  'billing.sandbox.title': {
    'zh-CN': '沙箱支付',
    'en-US': 'Sandbox payment',
    'zh-TW': '沙箱支付',
  },
  'billing.sandbox.notice': {
    'zh-CN': '这是测试用的沙箱支付页面，不会产生任何真实扣款。',
    'en-US': 'This is a test payment page: no real money moves.',
    'zh-TW': '這是測試用的沙箱支付頁面，不會產生任何真實扣款。',
  },
  'billing.sandbox.product': {
    'zh-CN': '套餐',
    'en-US': 'Plan',
    'zh-TW': '方案',
  },
  'billing.sandbox.amount': {
    'zh-CN': '金额',
    'en-US': 'Amount',
    'zh-TW': '金額',
  },
  'billing.sandbox.orderNo': {
    'zh-CN': '订单号',
    'en-US': 'Order number',
    'zh-TW': '訂單號',
  },
  'billing.sandbox.confirm': {
    'zh-CN': '确认支付',
    'en-US': 'Confirm payment',
    'zh-TW': '確認支付',
  },
  'billing.sandbox.paid': {
    'zh-CN': '支付成功，可以回到原页面了。',
    'en-US': 'Paid. You can go back to the app.',
    'zh-TW': '支付成功，可以回到原頁面了。',
  },
  'billing.sandbox.expired': {
    'zh-CN': '订单已过期。',
    'en-US': 'This order has expired.',
    'zh-TW': '訂單已過期。',
  },
  'billing.sandbox.cancelled': {
    'zh-CN': '订单已取消。',
    'en-US': 'This order was cancelled.',
    'zh-TW': '訂單已取消。',
  },
  'billing.sandbox.failed': {
    'zh-CN': '支付失败，请重试。',
    'en-US': 'The payment failed. Please try again.',
    'zh-TW': '支付失敗，請重試。',
  },
} as const satisfies Record<string, Catalogue>;
