// The captcha: a code box and the image (generateRandomValidate) that a click renews. The value is
// the code typed; the page holds the captcha id of the image shown.
import { Input, Spin } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../../auth/authApi';

export interface CaptchaInputProps {
  captcha: Captcha | null;
  loading: boolean;
  onRefresh(): void;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  size?: 'large' | 'middle';
}

export function CaptchaInput({ captcha, loading, onRefresh, value, onChange, id, size }: CaptchaInputProps) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        id={id}
        size={size}
        prefix={<SafetyOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
        placeholder={t('auth.captcha')}
        maxLength={10}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <button
        type="button"
        className="srm-captcha"
        onClick={onRefresh}
        title={t('auth.captchaRefresh')}
        aria-label={t('auth.captchaRefresh')}
      >
        {loading || !captcha ? (
          <Spin size="small" />
        ) : (
          <img src={captcha.image} alt={t('auth.captchaImage')} />
        )}
      </button>
    </div>
  );
}
