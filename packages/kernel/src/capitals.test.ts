import { describe, expect, it } from 'vitest';
import { chineseCapitals } from './capitals';
import { Decimal, dec } from './decimal';

describe('amounts in Chinese capitals (大写金额)', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [15.5, '壹拾伍元伍角'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [1.05, '壹元零伍分'],
    [52.41, '伍拾贰元肆角壹分'],
    [77.41, '柒拾柒元肆角壹分'],
    [1010, '壹仟零壹拾元整'],
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    [100100, '壹拾万零壹佰元整'],
    [107000.53, '壹拾万柒仟元伍角叁分'],
    [1000005, '壹佰万零伍元整'],
    [1105000, '壹佰壹拾万伍仟元整'],
    [20000000, '贰仟万元整'],
    [100000000, '壹亿元整'],
    [100010000, '壹亿零壹万元整'],
    [100000005, '壹亿零伍元整'],
    ['123456789012.34', '壹仟贰佰叁拾肆亿伍仟陆佰柒拾捌万玖仟零壹拾贰元叁角肆分'],
    ['0.005', '壹分'],
    ['9.995', '壹拾元整'],
    [-52.41, '负伍拾贰元肆角壹分'],
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    ['100', '壹佰元整'],
    ['10000.05', '壹万元零伍分'],
    ['1.50', '壹元伍角'],
    ['0.00', '零元整'],
    ['0.01', '壹分'],
    ['0.10', '壹角'],
    ['10.01', '壹拾元零壹分'],
    ['11', '壹拾壹元整'],
    ['101', '壹佰零壹元整'],
    ['1001', '壹仟零壹元整'],
    ['10001', '壹万零壹元整'],
    ['10010', '壹万零壹拾元整'],
    ['10100', '壹万零壹佰元整'],
    ['11000', '壹万壹仟元整'],
    ['30005.6', '叁万零伍元陆角'],
    ['500000', '伍拾万元整'],
    ['1000000000', '壹拾亿元整'],
    ['100000001', '壹亿零壹元整'],
    ['1010101010.10', '壹拾亿壹仟零壹拾万壹仟零壹拾元壹角'],
    ['-1234.56', '负壹仟贰佰叁拾肆元伍角陆分'],
    ['-0.004', '零元整'],
    // Above 亿 the count of 亿 is read with 万: 万亿 only when the 亿 below it are none.
    ['1000000000000', '壹万亿元整'],
    ['1000100000000', '壹万零壹亿元整'],
    ['1100000000000', '壹万壹仟亿元整'],
    ['1000000050000', '壹万亿零伍万元整'],
    ['1000000000005', '壹万亿零伍元整'],
    ['1234567890123', '壹万贰仟叁佰肆拾伍亿陆仟柒佰捌拾玖万零壹佰贰拾叁元整'],
    ['9999999999999999.99', '玖仟玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%s → %s', (amount, text) => {
    expect(chineseCapitals(amount)).toBe(text);
  });

  it('reads numbers, decimal strings and Decimals alike', () => {
    for (const amount of [1234.56, '1234.56', dec('1234.56'), new Decimal('1234.560')])
      expect(chineseCapitals(amount)).toBe('壹仟贰佰叁拾肆元伍角陆分');
  });

  it('writes every digit of a random amount once, in order, with 元 before 角 and 分', () => {
    for (let seed = 1; seed < 500; seed++) {
      const amount = ((seed * 7919) % 100_000_000) + ((seed * 31) % 100) / 100;
      const text = chineseCapitals(amount);
      const digits = [...text].filter((char) => '壹贰叁肆伍陆柒捌玖'.includes(char));
      const expected = [...amount.toFixed(2).replace('.', '')].filter((char) => char !== '0');
      expect(digits.map((char) => '壹贰叁肆伍陆柒捌玖'.indexOf(char) + 1).join(''), text).toBe(
        expected.join(''),
      );
      expect(text).not.toMatch(/零零|零[元万亿]|^零[^元]|整.|分整/);
    }
  });

  it('refuses amounts beyond 万亿', () => {
    expect(() => chineseCapitals('1e16')).toThrow(RangeError);
  });
});
