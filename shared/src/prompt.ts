/** Chinese, Japanese and Korean script and CJK punctuation: text Midjourney needs translated. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}
