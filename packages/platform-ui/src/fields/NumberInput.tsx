// The number input of forms and grid cells: what is typed or pasted arrives as typed, and focus
// selects the content so that typing replaces it (as in a spreadsheet).
import { type FocusEvent, useRef } from 'react';
import { InputNumber } from 'antd';

/** 1234567.5 → 1,234,567.5 (the fraction as it is). */
function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * Groups thousands once the user has left the input, never while typing: the input would turn
 * `-0` into `0` and drop the sign. One function for every input: the input formats its text again
 * whenever its formatter changes, and a new function on each render (a page re-rendering for its
 * totals while the user types) turned `6.` back into `6`, so `6.3` arrived as `63`.
 */
function formatThousands(
  value: number | string | undefined,
  info: { userTyping: boolean; input: string },
): string {
  return info.userTyping ? info.input : groupThousands(String(value ?? ''));
}

export interface NumberInputProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  thousands?: boolean;
  /** Decimal places shown when the input is left (none: as many as the value has). */
  precision?: number;
  step?: number;
  id?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
}

/**
 * No min or max: antd clamps a value out of range when the input is left (-0.01 became 0 and
 * 1,234.5 % became 100 %, then saved without a word); the field's checks refuse it instead.
 */
export function NumberInput(props: NumberInputProps) {
  const { value, onChange, thousands = false, precision, step, id, disabled, autoFocus } = props;
  // A mouse press that focuses the input selects its content; its release would put the caret
  // where the mouse is and undo the selection.
  const pressing = useRef(false);
  const focusedByPress = useRef(false);
  return (
    <InputNumber<number>
      id={id}
      disabled={disabled}
      autoFocus={autoFocus}
      style={{ width: '100%' }}
      placeholder={props.placeholder}
      step={step ?? 1}
      precision={precision}
      formatter={thousands ? formatThousands : undefined}
      value={value}
      onChange={(next) => onChange?.(next ?? null)}
      onMouseDown={() => {
        pressing.current = true;
      }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        focusedByPress.current = pressing.current;
        event.currentTarget.select();
      }}
      onMouseUp={(event) => {
        if (focusedByPress.current) event.preventDefault();
        pressing.current = false;
        focusedByPress.current = false;
      }}
    />
  );
}
