// Form rules of a new password: the kernel's complexity check (the server runs the same) with its
// message, and a confirmation that must repeat it.
import type { Rule } from 'antd/es/form';
import { checkPasswordComplexity } from '@srm/kernel';
import type { Labels } from '../context/labels';

export function passwordRules(labels: Labels): Rule[] {
  return [
    { required: true, message: labels.t('validation.required') },
    {
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        const issue = checkPasswordComplexity(value);
        if (issue) throw new Error(labels.t(issue.message, issue.params));
      },
    },
  ];
}

/** The confirmation of the password in form field `field`. */
export function confirmPasswordRules(labels: Labels, field: string): Rule[] {
  return [
    { required: true, message: labels.t('validation.required') },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(field)) throw new Error(labels.t('ui.password.mismatch'));
      },
    }),
  ];
}
