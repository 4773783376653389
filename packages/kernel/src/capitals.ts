// Amounts in Chinese capitals (大写金额), as cheques, invoices and payment forms write them
// (中国人民银行《支付结算办法》附一): 壹贰叁… with 拾佰仟 inside each four-digit section and 万, 亿,
// 万亿 between sections; one 零 for a run of zeros inside the number (none after a section's
// unit); 元 then 角 and 分, 整 when there is neither; 零 between 元 and 分 when there is no 角.
// The amount is first rounded half-up to the 分.
import { type Numeric, dec } from './decimal';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const PLACES = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

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
      if (sectionHasDigit) {
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
