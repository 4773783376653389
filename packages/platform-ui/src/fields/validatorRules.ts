// The form validators of the spec (§5) as antd Form rules, from the kernel's checks (the server
// runs the same) with their exact messages in the user's language: 必填, 必须输入数字,
// 必须输入数值, 必须输入0-100的分数, 邮箱格式错误, 手机号格式错误, 电话号码格式错误,
// 联系方式格式错误，请输入11位手机号或固定电话号码, 输入的竞价时间不能小于当前时间.
import type { Rule } from 'antd/es/form';
import {
  type Check,
  checkBiddingTime,
  checkContactPhone,
  checkDate,
  checkEmail,
  checkInteger,
  checkLandline,
  checkMobile,
  checkQuantity,
  checkScore,
  checkString,
} from '@srm/kernel';
import type { Labels } from '../context/labels';

function ruleOf(check: Check, labels: Labels): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const issue = check(value === undefined ? null : value);
      if (issue) throw new Error(labels.t(issue.message, issue.params));
    },
  };
}

/** `formRules(labels).mobile(true)` → the rules of a required mobile number. */
export function formRules(labels: Labels) {
  const make =
    (check: (required: boolean) => Check) =>
    (required = false) => [
      ...(required ? [{ required: true, message: labels.t('validation.required') } as Rule] : []),
      ruleOf(check(false), labels),
    ];
  return {
    integer: make(checkInteger),
    quantity: make(checkQuantity),
    score: make(checkScore),
    email: make(checkEmail),
    mobile: make(checkMobile),
    landline: make(checkLandline),
    contactPhone: make(checkContactPhone),
    date: (required = false): Rule[] => [ruleOf(checkDate(required), labels)],
    string: (): Rule[] => [ruleOf(checkString, labels)],
    /** Not earlier than now; `now` comes from the server's clock, never the browser's guess. */
    biddingTime: (now: () => number, required = false): Rule[] => [
      ruleOf(checkBiddingTime(now, required), labels),
    ],
  };
}

/** Runs one rule list against a value as antd would; answers the first message or null (tests, grids). */
export async function firstRuleMessage(rules: readonly Rule[], value: unknown): Promise<string | null> {
  for (const rule of rules) {
    if (typeof rule === 'function') continue;
    if (rule.required && (value === undefined || value === null || String(value).trim() === ''))
      return String(rule.message);
    if (rule.validator) {
      try {
        await rule.validator(rule as never, value, () => {});
      } catch (error) {
        return (error as Error).message;
      }
    }
  }
  return null;
}
