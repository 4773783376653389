// Amounts in Chinese capitals (大写金额), as cheques, invoices and payment forms write them
// (中国人民银行《支付结算办法》附一): 壹贰叁… with 拾佰仟 inside each four-digit section and 万, 亿
// between sections; above 亿 the count of 亿 is itself read with 万 (1,2345,0000,0000 is
// 壹万贰仟叁佰肆拾伍亿, 1,0000,0000,0000 is 壹万亿). One 零 for a run of zeros inside the
// number, none after a section's unit (the rules allow either: 壹拾万柒仟元 for 107000); 元 then
// 角 and 分; 零 between 元 and 分 when there is no 角. 整 only when there is neither 角 nor 分: the
// rules require 整 after 元, allow it after 角 and forbid it after 分, and we write none after 角
// (1.50 is 壹元伍角, not 壹元伍角整). The amount is first rounded half-up to the 分.
import { type Numeric, dec } from './decimal';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const PLACES = ['', '拾', '佰', '仟'];
/** The unit after each four-digit section; the fourth counts 万 of 亿 (its 亿 follows the third). */
const SECTIONS = ['', '万', '亿', '万'];

/** The whole yuan in capitals, '' for zero. */
function yuanText(whole: string): string {
  const digits = whole.replace(/^0+/, '');
  let out = '';
  let zero = false;
  let sectionHasDigit = false;
  for (let index = 0; index < digits.length; index++) {
    const position = digits.length - 1 - index;
    const digit = Number(digits[index]);
    if (digit === 0) zero = out.length > 0;
    else {
      if (zero) out += DIGITS[0];
      out += DIGITS[digit]! + PLACES[position % 4]!;
      zero = false;
      sectionHasDigit = true;
    }
    if (position % 4 === 0 && position > 0) {
      // 亿 closes the count of 亿 however many 万 of them came before: 壹万亿, 壹万零壹亿.
      const wanYi = position === 8 && digits.length > 12;
      if (sectionHasDigit || wanYi) {
        out += SECTIONS[position / 4] ?? '';
        zero = false;
      }
      sectionHasDigit = false;
    }
  }
  return out;
}

/** `1680.32` → 壹仟陆佰捌拾元叁角贰分; `0` → 零元整; negative amounts start with 负. */
export function chineseCapitals(amount: Numeric): string {
  const value = dec(amount).toDecimalPlaces(2);
  if (value.abs().gte('1e16')) throw new RangeError(`${value.toString()} is too large for capitals`);
  const [whole = '0', fraction = '00'] = value.abs().toFixed(2).split('.');
  const jiao = Number(fraction[0]);
  const fen = Number(fraction[1]);
  const yuan = yuanText(whole);
  let out = yuan ? `${yuan}元` : '';
  if (!jiao && !fen) out = `${out || '零元'}整`;
  else {
    if (jiao) out += `${DIGITS[jiao]}角`;
    else if (yuan) out += DIGITS[0];
    if (fen) out += `${DIGITS[fen]}分`;
  }
  return value.isNegative() && !value.isZero() ? `负${out}` : out;
}
